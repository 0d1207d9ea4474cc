// SDK 58's SwipeActions component: its children are a List row's content and
// `SwipeActions.Actions` groups of Buttons. It renders as the ExpoUI plugin's `SwipeActions`
// view (a node whose body places the content) carrying one `swipeActions` modifier per group,
// so a swipe behaves exactly as the blog's modifier does (revealed edges, full swipes, a tap
// that runs the Button's onPress): one mechanism, reached through Expo's component shape.
import { swipeActions } from '../../js/src/index.js';
import { React } from './dependencies.js';
import { Button, Image, Label } from './components.js';

const ROLES = new Set(['destructive', 'cancel']);

/**
 * A group of actions for one edge (`edge`: 'trailing' by default; `allowsFullSwipe`: true by
 * default), its children Buttons. Read by its SwipeActions; it renders nothing itself.
 */
export function Actions() {
  return null;
}
Actions.displayName = 'SwipeActions.Actions';

/** The text of `children` when they are only strings and numbers, else undefined. */
function textOf(children) {
  const parts = [];
  let plain = true;
  React.Children.forEach(children, (child) => {
    if (typeof child === 'string' || typeof child === 'number') parts.push(String(child));
    else if (child !== null && child !== undefined && child !== false) plain = false;
  });
  return plain && parts.length > 0 ? parts.join('') : undefined;
}

/** The swipe action a `<Button>` of group `edge` makes: its label, image, role, tint, onPress. */
function actionOf(button, edge, index) {
  if (!React.isValidElement(button) || button.type !== Button) {
    const got = React.isValidElement(button) ? `<${typeof button.type === 'string' ? button.type : button.type?.displayName ?? button.type?.name ?? 'component'}>` : typeof button;
    throw new TypeError(`SwipeActions.Actions (${edge}): child ${index} must be a <Button>, got ${got}`);
  }
  const { label, systemImage, role, onPress, modifiers, children } = button.props;
  let title = label ?? textOf(children);
  let image = systemImage;
  React.Children.forEach(children, (child) => {
    if (!React.isValidElement(child)) return;
    if (child.type === Label) {
      title ??= child.props.title ?? textOf(child.props.children);
      image ??= child.props.systemImage;
    } else if (child.type === Image) {
      image ??= child.props.systemName;
    }
  });
  const tint = (Array.isArray(modifiers) ? modifiers : []).find((modifier) => modifier?.$type === 'tint')?.color;
  const action = { id: button.key ?? title ?? String(index) };
  if (title !== undefined) action.label = title;
  if (image !== undefined) action.systemImage = image;
  if (tint !== undefined) action.tint = tint;
  // Expo's `default` and `close` roles mean nothing to a swipe action.
  if (ROLES.has(role)) action.role = role;
  if (onPress !== undefined) action.onPress = onPress;
  return action;
}

/**
 * A List row with swipe actions, as Expo UI's `<SwipeActions>`: the content, and
 * `<SwipeActions.Actions edge="leading" allowsFullSwipe={false}>` groups of Buttons. Each
 * Button is an action: its key (else its label, else its place) is the action's id.
 */
export function SwipeActions(props) {
  const { children, modifiers, ...rest } = props;
  const content = [];
  const groups = [];
  // forEach, not toArray: toArray renames keys (`.$delete`), and a Button's key is its action's id.
  React.Children.forEach(children, (child) => {
    if (React.isValidElement(child) && child.type === Actions) {
      const edge = child.props.edge ?? 'trailing';
      if (edge !== 'leading' && edge !== 'trailing') throw new TypeError(`SwipeActions.Actions: edge must be 'leading' or 'trailing', got ${JSON.stringify(edge)}`);
      const actions = [];
      React.Children.forEach(child.props.children, (button) => {
        if (button !== null && button !== undefined && button !== false) actions.push(actionOf(button, edge, actions.length));
      });
      groups.push(swipeActions({ [edge]: actions, allowsFullSwipe: child.props.allowsFullSwipe ?? true }));
    } else if (child !== null && child !== undefined && child !== false) {
      content.push(child);
    }
  });
  return React.createElement('SwipeActions', { ...rest, modifiers: [...(Array.isArray(modifiers) ? modifiers : []), ...groups] }, ...content);
}
SwipeActions.Actions = Actions;
