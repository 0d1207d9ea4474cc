// Where React comes from. Debian installs React 18 under /usr/share/nodejs, which Node does not
// search on its own; ESM `import 'react'` ignores NODE_PATH. So React is loaded with require():
// the usual lookup first (a node_modules folder on the way up from this file, then NODE_PATH),
// then Debian's folder. Debian's packages require one another by bare name (react-test-renderer
// requires react and scheduler), which Debian's own node finds in /usr/share/nodejs; when the
// folder is not on NODE_PATH, it is added to it (and to Node's search paths) so that they do
// here too. There must be one React in the process: an app's own
// `import 'react'` has to reach the same files (a node_modules link to /usr/share/nodejs/react
// does).
import Module, { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const DEBIAN_NODE_MODULES = '/usr/share/nodejs';

/**
 * NODE_PATH plus Debian's folder, applied as Node applies NODE_PATH at startup
 * (`Module._initPaths`, which has read NODE_PATH this way since Node 0.x).
 */
function addDebianFolderToSearchPaths() {
  const current = (process.env.NODE_PATH ?? '').split(':').filter(Boolean);
  if (current.includes(DEBIAN_NODE_MODULES) || typeof Module._initPaths !== 'function') return;
  process.env.NODE_PATH = [...current, DEBIAN_NODE_MODULES].join(':');
  Module._initPaths();
}

/** `require(name)`, else Debian's copy; a clear error naming both places when neither has it. */
export function loadDependency(name) {
  addDebianFolderToSearchPaths();
  try {
    return require(name);
  } catch (error) {
    if (error?.code !== 'MODULE_NOT_FOUND') throw error;
    try {
      const loaded = require(`${DEBIAN_NODE_MODULES}/${name}`);
      return loaded;
    } catch (second) {
      if (second?.code !== 'MODULE_NOT_FOUND') throw second;
      throw new Error(`@modhost/react: cannot load '${name}': not found from ${import.meta.url} nor in ${DEBIAN_NODE_MODULES} ` +
        `(install Debian's node-react and node-react-test-renderer: scripts/install-deps)`);
    }
  }
}

export const React = loadDependency('react');
