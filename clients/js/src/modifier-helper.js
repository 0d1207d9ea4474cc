// Modifier helpers made from a plugin's own description of the type: its params schema and
// its `arguments` (how Expo UI's JS function takes them, ModifierInfo.arguments in
// protocol/methods.md). `modhost codegen ts` writes one `modifierHelper(...)` call per type;
// the JS client's helpers for the bundled plugins are generated the same way
// (src/generated/). A helper checks what it is given against the schema, so that a mistake
// is a TypeError at the call, naming the helper and the place, as the host would name it.
import { refuseUnknownKeys } from './suggest.js';

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

/** How a value reads in a message. */
export function describeValue(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function fail(name, message) {
  throw new TypeError(`${name}: ${message}`);
}

const TYPE_WORDS = { string: 'a string', number: 'a number', integer: 'an integer', boolean: 'a boolean', object: 'an object', array: 'an array', null: 'null' };

function typeMatches(type, value) {
  switch (type) {
    case 'string': return typeof value === 'string';
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'integer': return typeof value === 'number' && Number.isInteger(value);
    case 'boolean': return typeof value === 'boolean';
    case 'object': return isPlainObject(value);
    case 'array': return Array.isArray(value);
    case 'null': return value === null;
    default: return true;
  }
}

/** What `schema` accepts, in words, for a message: `a string or a number`, `one of a, b`. */
function expectedWords(schema) {
  if (schema.enum) return `one of ${schema.enum.join(', ')}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return schema.anyOf.map(expectedWords).join(' or ');
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.map((type) => TYPE_WORDS[type] ?? 'a JSON value').join(' or ');
}

/**
 * Checks `value` at `path` (`count`, `glass.variant`, `items[2]`) against `schema`, the subset
 * of JSON Schema plugins write: type, enum, const, anyOf, bounds, items, properties and
 * required. Unknown members of an object with properties are refused, with the closest known
 * one. Returns the value.
 */
export function checkValue(name, path, value, schema) {
  if (schema === undefined || schema === null || schema === true) return value;
  if (schema.anyOf) {
    // An option that takes the value has checked it already.
    if (schema.anyOf.some((option) => accepts(option, value))) return value;
    // One non-null option (an optional field): its own message is the most precise.
    const options = schema.anyOf.filter((option) => option.type !== 'null');
    if (options.length === 1) return checkValue(name, path, value, options[0]);
    return fail(name, `${path} must be ${expectedWords(schema)}, got ${describeValue(value)}`);
  }
  // A colour is a string the host parses; an empty one is never one.
  if (schema.format === 'color' && (typeof value !== 'string' || value.length === 0)) {
    fail(name, `${path} must be a non-empty string, got ${describeValue(value)}`);
  }
  if (schema.enum && !schema.enum.includes(value)) fail(name, `${path} must be one of ${schema.enum.join(', ')}, got ${describeValue(value)}`);
  if (schema.const !== undefined && value !== schema.const) fail(name, `${path} must be ${JSON.stringify(schema.const)}, got ${describeValue(value)}`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => typeMatches(type, value))) {
      if (types.length === 1 && types[0] === 'integer' && typeof value === 'number' && Number.isFinite(value)) {
        fail(name, `${path} must be an integer, got ${value}`);
      }
      if (types.length === 1 && (types[0] === 'number' || types[0] === 'integer')) {
        fail(name, `${path} must be a finite number, got ${describeValue(value)}`);
      }
      fail(name, `${path} must be ${expectedWords(schema)}, got ${describeValue(value)}`);
    }
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) fail(name, `${path} must be >= ${schema.minimum}, got ${value}`);
    if (schema.maximum !== undefined && value > schema.maximum) fail(name, `${path} must be <= ${schema.maximum}, got ${value}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) fail(name, `${path} must be > ${schema.exclusiveMinimum}, got ${value}`);
  }
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => checkValue(name, `${path}[${index}]`, item, schema.items));
  }
  if (isPlainObject(value) && schema.properties) {
    const prefix = path === '' ? '' : `${path}.`;
    checkMembers(`${name}${path === '' ? '' : `: ${path}`}`, name, prefix, value, schema.properties, schema.required ?? []);
  }
  return value;
}

/** Whether `schema` takes `value`, without throwing. */
function accepts(schema, value) {
  try {
    checkValue('', '', value, schema);
    return true;
  } catch {
    return false;
  }
}

/** Checks an options argument: an object of known keys only (`properties`), each value checked. */
function checkOptionsObject(name, value, properties) {
  if (!isPlainObject(value)) fail(name, `options must be an object, got ${describeValue(value)}`);
  checkMembers(name, name, '', value, properties, []);
}

/** Checks the members of an options object: known keys only, required ones present. */
function checkMembers(where, name, prefix, object, properties, required) {
  refuseUnknownKeys(where, object, Object.keys(properties), 'option');
  for (const key of required) {
    if (object[key] === undefined) fail(name, `${prefix}${key} is required`);
  }
  for (const [key, member] of Object.entries(object)) {
    if (member !== undefined) checkValue(name, `${prefix}${key}`, member, properties[key]);
  }
}

/**
 * A helper for the modifier type `type`, from its description:
 * `spec = {params: {properties, required}, arguments?, event?}`, where `params` is the params
 * schema without `$type` and `arguments` the ModifierInfo's (absent: one options object).
 * With `event`, a function after the arguments is the listener of the type's events. The
 * helper sends only what it is given: the host fills in defaults.
 * @param {string} type
 * @param {{params: {properties: object, required?: string[]}, arguments?: object[], event?: boolean}} spec
 * @param {string} [name] the helper's name in messages and as its `name` (the type's)
 */
export function modifierHelper(type, spec, name = type) {
  const properties = spec.params?.properties ?? {};
  const required = spec.params?.required ?? [];
  // Without declared arguments: one options object, or none for a type without params (`bold()`).
  const declared = spec.arguments ?? (Object.keys(properties).length === 0 ? [] : [{ kind: 'options' }]);
  // An object argument takes any param that no value argument before it sets
  // (`background(color, {shape})`, `environment({key, value})`).
  const objectProperties = declared.map((_, index) => {
    const before = new Set(declared.slice(0, index).flatMap((argument) => (argument.kind === 'value' ? argument.keys : [])));
    return Object.fromEntries(Object.keys(properties).filter((key) => !before.has(key)).map((key) => [key, properties[key]]));
  });
  const takesObject = (argument, value) => argument.kind === 'options'
    || (argument.kind === 'valueOrOptions' && isPlainObject(value) && !argument.keys.some((key) => accepts(properties[key], value)));
  const helper = (...args) => {
    let listener;
    if (spec.event && args.length > declared.length && typeof args[args.length - 1] === 'function') listener = args.pop();
    if (args.length > declared.length) {
      fail(name, `takes ${declared.length === 0 ? 'no arguments' : `at most ${declared.length} argument${declared.length === 1 ? '' : 's'}`}${spec.event ? ' and a listener' : ''}, got ${args.length}`);
    }
    const params = {};
    let objects = 0;
    const set = (key, value) => {
      if (params[key] !== undefined) fail(name, `${key} is given twice`);
      params[key] = value;
    };
    declared.forEach((argument, index) => {
      const value = args[index];
      if (value === undefined) return;
      if (takesObject(argument, value)) {
        checkOptionsObject(name, value, objectProperties[index]);
        objects += 1;
        if (objects > 1) fail(name, 'takes one options object, got two');
        for (const [key, member] of Object.entries(value)) if (member !== undefined) set(key, member);
        return;
      }
      for (const key of argument.keys) set(key, checkValue(name, key, value, properties[key]));
    });
    for (const key of required) {
      if (params[key] === undefined) fail(name, `${key} is required`);
    }
    return listener === undefined ? createModifier(type, params) : createModifierWithEventListener(type, listener, params);
  };
  Object.defineProperty(helper, 'name', { value: name });
  // The description it was made from, for lists that follow from it (`enumOf`).
  Object.defineProperty(helper, 'spec', { value: spec });
  return helper;
}

/**
 * An options object (or nothing: `{}`) of the params `spec` describes, checked member by member
 * as a generated helper checks it: for the hand-written helpers, whose options are params.
 */
export function checkOptionsOf(name, options, spec) {
  if (options === undefined || options === null) return {};
  checkOptionsObject(name, options, spec.params?.properties ?? {});
  return options;
}

/**
 * The values of the enum at `path` (`weight`, `glass.variant`) in a helper spec's params, or
 * in a helper's own (`enumOf(font, 'weight')`), frozen: the lists the client exports
 * (`FONT_WEIGHTS`) follow from the plugin's description.
 */
export function enumOf(specOrHelper, path) {
  let schema = specOrHelper?.spec?.params ?? specOrHelper?.params;
  for (const key of path.split('.')) {
    if (schema?.anyOf) schema = schema.anyOf.find((option) => option.properties);
    schema = schema?.properties?.[key];
  }
  if (schema?.anyOf) schema = schema.anyOf.find((option) => option.enum);
  if (!schema?.enum) throw new TypeError(`enumOf: params member '${path}' is not an enum`);
  return Object.freeze([...schema.enum]);
}
