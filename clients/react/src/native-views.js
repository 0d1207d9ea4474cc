// Expo's functions for a custom module's native side, on the connection React renders into:
// `requireNativeView` (a component for a view a plugin's module declares), `requireNativeModule`
// (its functions and events) and the hooks `useEvent` and `useEventListener`. Expo apps call
// them at a module's top level, before anything is rendered: the view's node type and the
// module object are found when first used, on the connection of the latest `render()`.
import { resolveNativeView } from '../../js/src/views.js';
import { React } from './dependencies.js';
import { SLOT_TYPE } from './tree.js';

/** The connection of the latest `render()`: where native modules and views are looked up. */
let current = null;

/** Makes `host` (a Connection of @modhost/client) the one native modules and views use. */
export function useConnectionForNativeModules(host) {
  current = host;
}

function connection(what) {
  if (!current) throw new Error(`${what}: no connection yet; call render(element, connection) first`);
  return current;
}

/**
 * Expo's `requireNativeView(moduleName, viewName?)`: a component for the view the plugin's
 * module declares (`View(RatingView.self)`; `viewName` is its Swift type's name, else the
 * module's first view). Its function props are its events, called with `{nativeEvent}`.
 */
export function requireNativeView(moduleName, viewName) {
  resolveNativeView(moduleName, viewName); // the arguments' checks
  function NativeView(props) {
    const viewInfo = current?.server?.viewInfo;
    const type = resolveNativeView(moduleName, viewName, viewInfo);
    const slots = Array.isArray(viewInfo) ? viewInfo.find((info) => info?.name === type)?.slots : undefined;
    return withSlots(type, props, Array.isArray(slots) ? slots : undefined);
  }
  NativeView.displayName = viewName ? `${moduleName}.${viewName}` : moduleName;
  return NativeView;
}

/**
 * The element of a view of node type `type`. A prop that holds an element is a slot (Expo UI's
 * `header={<Text>…</Text>}`): React renders it as a child marked with the prop's name, which
 * becomes that prop's node. The view's own children come first, as given (not through
 * Children.toArray, which would rename their keys: `.$volume`), so that a slot filled or
 * emptied moves none of them and React keeps their state. With `slotNames` (a view whose slots
 * are known) every slot has its place, empty or not; without, the filled ones follow.
 */
function withSlots(type, props, slotNames) {
  // `children` are the view's children, even when they are one element.
  const names = slotNames ?? Object.keys(props).filter((name) => name !== 'children' && React.isValidElement(props[name]));
  if (names.length === 0) return React.createElement(type, props);
  const rest = { ...props };
  for (const name of names) if (React.isValidElement(props[name])) delete rest[name];
  const marked = names.map((name) => (React.isValidElement(props[name])
    ? React.createElement(SLOT_TYPE, { key: `$slot-${name}`, name }, props[name])
    : null));
  return React.createElement(type, rest, props.children, ...marked);
}

/**
 * A bundled plugin's view as a component (generated/bundled-views.js): its node type itself, a
 * string as `'div'` is for React DOM, or, for a view with slots, a component that passes the
 * elements in those props as slot nodes.
 */
export function bundledView(type, slots) {
  if (slots.length === 0) return type;
  function BundledView(props) { return withSlots(type, props, slots); }
  BundledView.displayName = type;
  // Expo UI's sub-components for slots: `<Alert.Trigger>` puts its child in the `trigger` slot.
  for (const name of slots) BundledView[name[0].toUpperCase() + name.slice(1)] = slotChild(type, name);
  return BundledView;
}

/**
 * A component that puts its one child in the slot `name` of the view around it (`Alert.Trigger`,
 * `Alert.Message`; `member` is its name there); text is a Text view there.
 */
export function slotChild(type, name, member = name[0].toUpperCase() + name.slice(1)) {
  function SlotChild({ children }) {
    const content = typeof children === 'string' || typeof children === 'number' ? React.createElement('Text', null, String(children)) : children;
    return React.createElement(SLOT_TYPE, { name }, content);
  }
  SlotChild.displayName = `${type}.${member}`;
  return SlotChild;
}

/**
 * A component whose children are the children of the view around it: Expo UI's
 * `<Alert.Actions>`, whose Buttons are the alert's own children here.
 */
export function childrenOf(type, name) {
  function Children({ children }) { return React.createElement(React.Fragment, null, children); }
  Children.displayName = `${type}.${name}`;
  return Children;
}

/** expo-modules-core's older name for `requireNativeView`. */
export const requireNativeViewManager = requireNativeView;

/**
 * Expo's `requireNativeModule(name)`: the module's functions (each answers with a Promise: a
 * call crosses a socket) and `addListener` for its events, on the rendering connection.
 */
export function requireNativeModule(name) {
  if (typeof name !== 'string' || name.length === 0) throw new TypeError(`requireNativeModule: name must be a non-empty string, got ${typeof name}`);
  return new Proxy({}, {
    get(_, member) {
      if (member === 'then') return undefined; // not a thenable
      const module = connection(`requireNativeModule('${name}').${String(member)}`).requireNativeModule(name);
      const value = module[member];
      return typeof value === 'function' ? value.bind(module) : value;
    },
  });
}

/**
 * Expo's `useEventListener(module, eventName, listener)`: `listener` hears the module's event
 * while the component is mounted (the latest `listener` of each render).
 */
export function useEventListener(module, eventName, listener) {
  const latest = React.useRef(listener);
  latest.current = listener;
  React.useEffect(() => {
    const subscription = module.addListener(eventName, (...args) => latest.current(...args));
    return () => subscription.remove();
  }, [module, eventName]);
}

/** Expo's `useEvent(module, eventName, initialValue?)`: the event's latest payload, or `initialValue`. */
export function useEvent(module, eventName, initialValue = null) {
  const [value, setValue] = React.useState(initialValue);
  useEventListener(module, eventName, setValue);
  return value;
}
