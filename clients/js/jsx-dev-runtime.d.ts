// The development JSX runtime (`"jsx": "react-jsxdev"`): the same elements as jsx-runtime.
import type { Node, Child, JSX } from './index.js';

export type { JSX };

export declare function Fragment(props: { children?: Child }): Node;
export declare function jsxDEV(type: unknown, props: object, key: string | number | undefined, isStaticChildren?: boolean, source?: unknown, self?: unknown): Node;
