// Modifier configs: plain data with a `$type`, spread flat as Expo UI builds them.
// A listener, when there is one, rides along as `eventListener` and never reaches the wire.

/**
 * A modifier config without an event listener: `{$type, ...params}`.
 * @param {string} type
 * @param {object} [params]
 */
export function createModifier(type, params = {}) {
  if (typeof type !== 'string' || type.length === 0) {
    throw new TypeError('createModifier: type must be a non-empty string');
  }
  return { $type: type, ...params };
}

/**
 * A modifier config whose events go to `listener`: `{$type, ...params, eventListener}`.
 * The listener receives `payload[$type]`, i.e. what the native modifier dispatched under its
 * own type name (for swipeActions: `{id}`).
 * @param {string} type
 * @param {(event: any, info: object) => void} listener
 * @param {object} [params]
 */
export function createModifierWithEventListener(type, listener, params = {}) {
  if (typeof listener !== 'function') {
    throw new TypeError('createModifierWithEventListener: listener must be a function');
  }
  return { ...createModifier(type, params), eventListener: listener };
}

const ACTION_FIELDS = ['id', 'label', 'systemImage', 'tint', 'role'];

function actionData(action, edge, index) {
  if (action === null || typeof action !== 'object') {
    throw new TypeError(`swipeActions: ${edge}[${index}] must be an object`);
  }
  if (typeof action.id !== 'string' || action.id.length === 0) {
    throw new TypeError(`swipeActions: ${edge}[${index}].id must be a non-empty string`);
  }
  const data = {};
  for (const field of ACTION_FIELDS) {
    if (action[field] !== undefined) data[field] = action[field];
  }
  return data;
}

/**
 * The swipeActions modifier. Each action's `onPress` stays here, in a Map keyed by action
 * id; only the data fields travel to the host. The host answers a tap with
 * `{"swipeActions": {"id": ...}}`, and the listener calls the matching `onPress`.
 *
 * @param {{leading?: object[], trailing?: object[], allowsFullSwipe?: boolean}} config
 */
export function swipeActions(config = {}) {
  const leading = config.leading ?? [];
  const trailing = config.trailing ?? [];
  const presses = new Map();
  const collect = (list, edge) =>
    list.map((action, index) => {
      const data = actionData(action, edge, index);
      if (action.onPress !== undefined) {
        if (typeof action.onPress !== 'function') {
          throw new TypeError(`swipeActions: ${edge}[${index}].onPress must be a function`);
        }
        if (presses.has(data.id)) {
          throw new TypeError(`swipeActions: action id '${data.id}' is used twice; ids route taps, so they must be unique within one swipeActions`);
        }
        presses.set(data.id, action.onPress);
      }
      return data;
    });
  const params = {
    leading: collect(leading, 'leading'),
    trailing: collect(trailing, 'trailing'),
    allowsFullSwipe: config.allowsFullSwipe ?? false,
  };
  const listener = (event, info) => {
    const id = event?.id;
    const onPress = presses.get(id);
    if (onPress === undefined) return false;
    onPress({ id, ...info });
    return true;
  };
  return createModifierWithEventListener('swipeActions', listener, params);
}
