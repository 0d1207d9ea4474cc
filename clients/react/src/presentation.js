// Expo UI's sub-components that the generated views lack: those whose children are the view's
// own children here (an Alert's and a ConfirmationDialog's `Actions`, a ContextMenu's `Items`; a Menu's items need
// none), and one named otherwise than its slot (`Popover.Content`). The slots'
// sub-components (`Alert.Trigger`, `Alert.Message`) come with every generated view.
import { Alert, ConfirmationDialog, ContextMenu, Popover } from './generated/bundled-views.js';
import { childrenOf, slotChild } from './native-views.js';

Alert.Actions = childrenOf('Alert', 'Actions');
ConfirmationDialog.Actions = childrenOf('ConfirmationDialog', 'Actions');
ContextMenu.Items = childrenOf('ContextMenu', 'Items');
// Expo names the `popover` slot's sub-component Content.
Popover.Content = slotChild('Popover', 'popover', 'Content');

export { Alert, ConfirmationDialog, ContextMenu, Popover };
