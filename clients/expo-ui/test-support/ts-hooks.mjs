// Module hooks for the blog test: .ts and .tsx files are transpiled (types erased, JSX with
// the react-jsx runtime) as they load, the way Metro serves an Expo app's TypeScript; the type
// check is tsc's, run separately. Uses Debian's typescript.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
function typescript() {
  try { return require('typescript'); } catch { return require('/usr/share/nodejs/typescript'); }
}
let ts;

export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !/\.tsx?$/.test(new URL(url).pathname)) return nextLoad(url, context);
  ts ??= typescript();
  const fileName = fileURLToPath(url);
  const source = await readFile(fileName, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    fileName,
    compilerOptions: { module: ts.ModuleKind.ES2022, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.ReactJSX, sourceMap: false },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
