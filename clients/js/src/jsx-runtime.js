// The automatic JSX runtime of the plain client (`"jsx": "react-jsx"`, `"jsxImportSource":
// "@modhost/client"`): JSX builds Node objects with `h`, no React. Element types are the view
// helpers (`<List>`, `<Button onPress={...}>`) and function components, which are called at
// once with their props: there is no state and no re-render; build the tree again and call
// `surface.update(tree)` when the data changes.
import { h, Fragment, callComponent } from './elements.js';

export { Fragment };

/** `<type {...props} key={key}>`: props carry the children. */
export function jsx(type, props, key) {
  if (typeof type === 'function') return callComponent(type, props ?? {}, key);
  return h(type, key === undefined ? props : { ...props, key });
}

/** Same as jsx; the compiler uses it when there are several static children. */
export const jsxs = jsx;
