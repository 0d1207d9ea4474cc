// The plain client's automatic JSX runtime (`"jsx": "react-jsx"`, `"jsxImportSource":
// "@modhost/client"`). JSX builds Nodes; see the JSX namespace in view-props.d.ts.
import type { Node, Child, JSX } from './index.js';

export type { JSX };

/** `<>...</>`: the children, flattened into the parent's. */
export declare function Fragment(props: { children?: Child }): Node;
/** What the compiler calls for an element; `props` carries the children. */
export declare function jsx(type: unknown, props: object, key?: string | number): Node;
export declare function jsxs(type: unknown, props: object, key?: string | number): Node;
