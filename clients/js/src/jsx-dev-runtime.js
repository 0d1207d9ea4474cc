// The development JSX runtime (`"jsx": "react-jsxdev"`): the same elements; the source
// location and the static-children flag the compiler adds are not needed here.
import { jsx, Fragment } from './jsx-runtime.js';

export { Fragment };

/** `jsxDEV(type, props, key, isStaticChildren, source, self)`. */
export function jsxDEV(type, props, key) {
  return jsx(type, props, key);
}
