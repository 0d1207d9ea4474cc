// Expo UI's sub-components that the generated views lack: those whose children are the view's
// own children here (an Alert's and a ConfirmationDialog's `Actions`, a ContextMenu's `Items`; a Menu's items need
// none), one named otherwise than its slot (`Popover.Content`), another view (`Grid.Row`), and
// the lazy stacks' ForEach. The slots'
// sub-components (`Alert.Trigger`, `Alert.Message`) come with every generated view.
import { Alert, BottomSheet as BottomSheetView, ConfirmationDialog, ContextMenu, GridRow, Popover, Tab } from './generated/bundled-views.js';
import { childrenOf, slotChild } from './native-views.js';
import { React } from './dependencies.js';

Alert.Actions = childrenOf('Alert', 'Actions');
ConfirmationDialog.Actions = childrenOf('ConfirmationDialog', 'Actions');
ContextMenu.Items = childrenOf('ContextMenu', 'Items');
// Expo names the `popover` slot's sub-component Content.
Popover.Content = slotChild('Popover', 'popover', 'Content');

/**
 * A component for the view `type` that has no slots (its generated component is the node type,
 * a string, which takes no members), given the sub-components `members`.
 */
function withMembers(type, members) {
  function View(props) { return React.createElement(type, props); }
  View.displayName = type;
  return Object.assign(View, members);
}

export const Grid = withMembers('Grid', { Row: GridRow });
/** Expo UI's TabView, with `Tab` (SwiftUI's Tab view). */
export const TabView = withMembers('TabView', { Tab });

/**
 * Expo UI's `LazyVStack.ForEach` / `LazyHStack.ForEach`: `children({item, index})` for each of
 * `data`, keyed by `keyExtractor(item, index)`. Every row is made (no viewport headless yet),
 * so `recycling`, `estimatedItemSize` and `overscanCount` change nothing here.
 */
function forEachOf(type) {
  function ForEach({ data, keyExtractor, children }) {
    if (!Array.isArray(data)) throw new TypeError(`${type}.ForEach: data must be an array, got ${data === null ? 'null' : typeof data}`);
    if (typeof keyExtractor !== 'function') throw new TypeError(`${type}.ForEach: keyExtractor must be a function (item, index) => string`);
    if (typeof children !== 'function') throw new TypeError(`${type}.ForEach: children must be a function ({item, index}) => element`);
    return React.createElement(React.Fragment, null, data.map((item, index) => {
      const row = children({ item, index });
      return React.isValidElement(row) ? React.cloneElement(row, { key: keyExtractor(item, index) }) : row;
    }));
  }
  ForEach.displayName = `${type}.ForEach`;
  return ForEach;
}
export const LazyVStack = withMembers('LazyVStack', { ForEach: forEachOf('LazyVStack') });
export const LazyHStack = withMembers('LazyHStack', { ForEach: forEachOf('LazyHStack') });

/**
 * Expo UI's BottomSheet: its content (the children) is mounted while `isPresented`, and
 * unmounted once dismissed, so a sheet opened again starts with fresh state.
 */
export function BottomSheet(props) {
  return React.createElement(BottomSheetView, { ...props, children: props.isPresented === true ? props.children : null });
}

export { Alert, ConfirmationDialog, ContextMenu, Popover };
