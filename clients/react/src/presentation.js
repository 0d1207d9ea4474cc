// Expo UI's sub-components whose children are the view's own children here (not a slot):
// an Alert's and a ConfirmationDialog's `Actions`, a Menu's items need none. The slots'
// sub-components (`Alert.Trigger`, `Alert.Message`) come with every generated view.
import { Alert, ConfirmationDialog } from './generated/bundled-views.js';
import { childrenOf } from './native-views.js';

Alert.Actions = childrenOf('Alert', 'Actions');
ConfirmationDialog.Actions = childrenOf('ConfirmationDialog', 'Actions');

export { Alert, ConfirmationDialog };
