// The blog post's swipeActions module and screen (from /work/shared/seeds, read at run time),
// type-checked with tsc --strict and run against modhostd with no edit: only a dependency
// mapping (node_modules links in a temp dir) and, around the screen's JSX, a component that
// defines its three handlers.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { register } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { connect } from '../../js/src/index.js';
import { withDaemon, repoRoot } from '../../js/test-support/daemon.js';
import { render, React } from '../../react/src/index.js';

const TEST_TIMEOUT_MS = 120_000;
const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '..');
const seedsDir = process.env.MODHOST_SEEDS ?? path.resolve(repoRoot, '..', 'shared', 'seeds');
const DEBIAN = '/usr/share/nodejs';

/** The fenced code blocks of a markdown text: [{lang, code}]. */
function codeBlocks(text) {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```/gm)].map(([, lang, code]) => ({ lang, code }));
}

/** The blog's module (package.json, index.ts) and screen, or the reason they are not there. */
function findBlog() {
  if (!existsSync(seedsDir)) return { reason: `no seeds folder at ${seedsDir} (set MODHOST_SEEDS)` };
  for (const name of readdirSync(seedsDir).sort()) {
    const blocks = codeBlocks(readFileSync(path.join(seedsDir, name), 'utf8'));
    const index = blocks.find((b) => b.lang === 'ts' && b.code.startsWith('// index.ts') && b.code.includes('createModifierWithEventListener'));
    const screen = blocks.find((b) => b.lang === 'tsx' && b.code.includes('from "swipe-actions"') && b.code.includes('<List>'));
    const manifest = blocks.find((b) => b.lang === 'json' && /"name":\s*"swipe-actions"/.test(b.code));
    if (index && screen && manifest) return { seed: name, index: index.code, screen: screen.code, manifest: manifest.code };
  }
  return { reason: `no seed in ${seedsDir} has the blog's index.ts, package.json and screen` };
}

/** The screen snippet inside a component that defines its three handlers. */
function screenModule(snippet) {
  const lines = snippet.trimEnd().split('\n');
  const imports = lines.filter((l) => l.startsWith('import '));
  const jsx = lines.filter((l) => !l.startsWith('import ')).join('\n').trim();
  return `${imports.join('\n')}
import { useState } from "react";

export function Screen({ log }: { log: (what: string) => void }) {
  const [deleted, setDeleted] = useState(false);
  const handleArchive = () => log("archive");
  const handleEdit = () => log("edit");
  const handleDelete = () => { log("delete"); setDeleted(true); };
  if (deleted) return <List />;
  return (
${jsx}
  );
}
`;
}

function run(command, args, options) {
  return new Promise((resolve) => {
    execFile(command, args, options, (error, stdout, stderr) => resolve({ code: error ? (error.code ?? 1) : 0, output: `${stdout}${stderr}` }));
  });
}

/** A temp app: the blog's module under modules/, the screen, node_modules links, tsconfig. */
function makeApp(blog) {
  const app = mkdtempSync(path.join(os.tmpdir(), 'modhost-expo-ui-'));
  const module = path.join(app, 'modules', 'swipe-actions');
  mkdirSync(module, { recursive: true });
  writeFileSync(path.join(module, 'package.json'), blog.manifest);
  writeFileSync(path.join(module, 'index.ts'), blog.index);
  writeFileSync(path.join(app, 'Screen.tsx'), screenModule(blog.screen));
  mkdirSync(path.join(app, 'node_modules', '@expo'), { recursive: true });
  mkdirSync(path.join(app, 'node_modules', '@types'), { recursive: true });
  // The dependency mapping: what `"swipe-actions": "file:./modules/swipe-actions"` and an
  // install of @expo/ui and react would make.
  symlinkSync('../modules/swipe-actions', path.join(app, 'node_modules', 'swipe-actions'));
  symlinkSync(packageDir, path.join(app, 'node_modules', '@expo', 'ui'));
  symlinkSync(path.join(DEBIAN, 'react'), path.join(app, 'node_modules', 'react'));
  symlinkSync(path.join(DEBIAN, '@types', 'react'), path.join(app, 'node_modules', '@types', 'react'));
  writeFileSync(path.join(app, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'ES2022', moduleResolution: 'node', jsx: 'react-jsx', strict: true, noEmit: true,
      types: [], baseUrl: '.',
      // Debian's @types/react imports csstype and prop-types from /usr/share/nodejs.
      paths: { '*': [`${DEBIAN}/*`, `${DEBIAN}/@types/*`] },
    },
    files: ['Screen.tsx'],
  }, null, 2));
  return app;
}

const blog = findBlog();

test("the blog's module and screen compile with tsc --strict, unedited", { timeout: TEST_TIMEOUT_MS, skip: blog.reason }, async () => {
  const app = makeApp(blog);
  try {
    const { code, output } = await run('tsc', ['-p', app], { cwd: app });
    assert.equal(code, 0, `tsc --strict failed on the blog's code (from ${blog.seed}):\n${output}`);
    // And the check bites: a wrong prop on the blog's HStack is an error.
    writeFileSync(path.join(app, 'Screen.tsx'), screenModule(blog.screen.replace('alignment="center"', 'alignment="centre"')));
    const wrong = await run('tsc', ['-p', app], { cwd: app });
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.output, /centre/);
  } finally { rmSync(app, { recursive: true, force: true }); }
});

test('the blog screen runs: swipe, tap Delete, the row is gone because state changed', { timeout: TEST_TIMEOUT_MS, skip: blog.reason }, async () => {
  const app = makeApp(blog);
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, reconnect: false });
  try {
    register(pathToFileURL(path.join(packageDir, 'test-support', 'ts-hooks.mjs')));
    const { Screen } = await import(pathToFileURL(path.join(app, 'Screen.tsx')).href);
    const { Host } = await import(pathToFileURL(path.join(app, 'node_modules', '@expo', 'ui', 'swift-ui', 'index.js')).href);
    const log = [];
    const root = await render(React.createElement(Host, { name: 'blog' }, React.createElement(Screen, { log: (what) => log.push(what) })), host);
    const surface = root.surface('blog');
    let { root: list } = await surface.snapshot();
    assert.equal(list.type, 'List');
    assert.equal(list.children.length, 1);
    const row = list.children[0];
    assert.equal(row.type, 'HStack');
    assert.deepEqual(row.props, { alignment: 'center' });
    assert.deepEqual(row.swipeActions.trailing.map((a) => a.id), ['delete', 'edit']);

    assert.equal((await surface.swipe(row.id, 'trailing')).handled, true);
    await surface.tapAction(row.id, 'delete');
    assert.deepEqual(log, ['delete']);
    await root.settled();
    ({ root: list } = await surface.snapshot());
    assert.equal(list.type, 'List');
    assert.equal(list.children, undefined, 'the row left the tree because the screen set its state');
    await root.unmount();
  } finally {
    await host.close();
    await env.cleanup();
    rmSync(app, { recursive: true, force: true });
  }
});
