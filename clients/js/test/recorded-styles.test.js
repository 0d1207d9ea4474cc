// Expo UI's modifiers the host records by SwiftUI's name (issue 32): the helpers' params and
// refusals (no daemon), and their styles in a real modhostd's snapshot.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as client from '../src/index.js';
import * as expo from '../../expo-ui/swift-ui/modifiers/index.js';
import { withDaemon } from '../test-support/daemon.js';

const TEST_TIMEOUT_MS = 120_000;
const {
  connect, List, HStack, Text, padding,
  shadow, offset, fixedSize, clipped, aspectRatio, zIndex, layoutPriority, scaleEffect, rotationEffect, foregroundColor,
  blur, brightness, contrast, saturation, hueRotation, colorInvert, grayscale, luminanceToAlpha,
  bold, italic, monospacedDigit, kerning, lineSpacing, lineLimit, truncationMode, textCase, underline, strikethrough,
  multilineTextAlignment, allowsTightening, textSelection, listRowInsets, listRowSeparator, listStyle, moveDisabled,
  scrollContentBackground, headerProminence, badgeProminence, buttonStyle, toggleStyle, pickerStyle, datePickerStyle,
  gaugeStyle, progressViewStyle, labelStyle, textFieldStyle, controlSize, labelsHidden, submitLabel,
  accessibilityLabel, accessibilityHint, accessibilityValue,
} = client;

/** Each helper call and the config it builds, with Expo's params. */
const CASES = [
  [shadow({ radius: 4, y: 2, color: '#00000040' }), { $type: 'shadow', radius: 4, y: 2, color: '#00000040' }],
  [offset({ x: 10, y: -4 }), { $type: 'offset', x: 10, y: -4 }],
  [fixedSize({ vertical: false }), { $type: 'fixedSize', vertical: false }],
  [fixedSize(), { $type: 'fixedSize' }],
  [clipped(), { $type: 'clipped' }],
  [aspectRatio({ ratio: 1.5, contentMode: 'fill' }), { $type: 'aspectRatio', ratio: 1.5, contentMode: 'fill' }],
  [zIndex(2), { $type: 'zIndex', index: 2 }],
  [layoutPriority(1), { $type: 'layoutPriority', priority: 1 }],
  [scaleEffect(2), { $type: 'scaleEffect', x: 2, y: 2 }],
  [scaleEffect({ x: 1, y: 0.5 }), { $type: 'scaleEffect', x: 1, y: 0.5 }],
  [rotationEffect(45), { $type: 'rotationEffect', angle: 45 }],
  [foregroundColor('red'), { $type: 'foregroundColor', color: 'red' }],
  [blur(8), { $type: 'blur', radius: 8 }],
  [brightness(-0.5), { $type: 'brightness', amount: -0.5 }],
  [contrast(1.5), { $type: 'contrast', amount: 1.5 }],
  [saturation(0), { $type: 'saturation', amount: 0 }],
  [hueRotation(90), { $type: 'hueRotation', angle: 90 }],
  [colorInvert(), { $type: 'colorInvert' }],
  [grayscale(1), { $type: 'grayscale', amount: 1 }],
  [luminanceToAlpha(), { $type: 'luminanceToAlpha' }],
  [bold(), { $type: 'bold' }],
  [italic(), { $type: 'italic' }],
  [monospacedDigit(), { $type: 'monospacedDigit' }],
  [kerning(1.5), { $type: 'kerning', value: 1.5 }],
  [lineSpacing(4), { $type: 'lineSpacing', value: 4 }],
  [lineLimit(2, { reservesSpace: true }), { $type: 'lineLimit', limit: 2, reservesSpace: true }],
  [lineLimit({ min: 1, max: 3 }), { $type: 'lineLimit', min: 1, max: 3 }],
  [lineLimit(), { $type: 'lineLimit' }],
  [truncationMode('middle'), { $type: 'truncationMode', mode: 'middle' }],
  [textCase('uppercase'), { $type: 'textCase', value: 'uppercase' }],
  [underline({ isActive: true, pattern: 'dash', color: 'red' }), { $type: 'underline', isActive: true, pattern: 'dash', color: 'red' }],
  [strikethrough({ isActive: true, pattern: 'solid' }), { $type: 'strikethrough', isActive: true, pattern: 'solid' }],
  [multilineTextAlignment('center'), { $type: 'multilineTextAlignment', alignment: 'center' }],
  [allowsTightening(true), { $type: 'allowsTightening', value: true }],
  [textSelection(false), { $type: 'textSelection', value: false }],
  [listRowInsets({ top: 0, leading: 20 }), { $type: 'listRowInsets', top: 0, leading: 20 }],
  [listRowSeparator('hidden', 'bottom'), { $type: 'listRowSeparator', visibility: 'hidden', edges: 'bottom' }],
  [listStyle('insetGrouped'), { $type: 'listStyle', style: 'insetGrouped' }],
  [moveDisabled(), { $type: 'moveDisabled' }],
  [scrollContentBackground('hidden'), { $type: 'scrollContentBackground', visible: 'hidden' }],
  [headerProminence('increased'), { $type: 'headerProminence', prominence: 'increased' }],
  [badgeProminence('decreased'), { $type: 'badgeProminence', badgeType: 'decreased' }],
  [buttonStyle('borderedProminent'), { $type: 'buttonStyle', style: 'borderedProminent' }],
  [toggleStyle('switch'), { $type: 'toggleStyle', style: 'switch' }],
  [pickerStyle('segmented'), { $type: 'pickerStyle', style: 'segmented' }],
  [datePickerStyle('graphical'), { $type: 'datePickerStyle', style: 'graphical' }],
  [gaugeStyle('circular'), { $type: 'gaugeStyle', style: 'circular' }],
  [progressViewStyle('linear'), { $type: 'progressViewStyle', style: 'linear' }],
  [labelStyle('iconOnly'), { $type: 'labelStyle', style: 'iconOnly' }],
  [textFieldStyle('roundedBorder'), { $type: 'textFieldStyle', style: 'roundedBorder' }],
  [controlSize('large'), { $type: 'controlSize', size: 'large' }],
  [labelsHidden(), { $type: 'labelsHidden' }],
  [submitLabel('search'), { $type: 'submitLabel', submitLabel: 'search' }],
  [accessibilityLabel('Close'), { $type: 'accessibilityLabel', label: 'Close' }],
  [accessibilityHint('Closes it'), { $type: 'accessibilityHint', hint: 'Closes it' }],
  [accessibilityValue('50%'), { $type: 'accessibilityValue', value: '50%' }],
];

test('each recorded-style helper builds Expo\'s $type and params', { timeout: TEST_TIMEOUT_MS }, () => {
  for (const [config, expected] of CASES) assert.deepEqual(config, expected);
});

test('@expo/ui/swift-ui/modifiers exports the same helpers', { timeout: TEST_TIMEOUT_MS }, () => {
  for (const [, expected] of CASES) {
    const name = expected.$type;
    assert.equal(typeof expo[name], 'function', `${name} is exported`);
    assert.equal(expo[name], client[name], `${name} is @modhost/client's`);
  }
});

test('the helpers refuse unknown keys, values outside their range and unknown enum values', { timeout: TEST_TIMEOUT_MS }, () => {
  const refusals = [
    [() => shadow({ radius: 1, blur: 2 }), /shadow: unknown option 'blur'/],
    [() => shadow({ radius: -1 }), /shadow: radius must be >= 0, got -1/],
    [() => shadow(), /shadow: radius is required/],
    [() => offset({ x: 1, z: 2 }), /offset: unknown option 'z'/],
    [() => blur(-2), /blur: radius must be >= 0/],
    [() => brightness(2), /brightness: amount must be <= 1/],
    [() => grayscale(-0.1), /grayscale: amount must be >= 0/],
    [() => saturation(-1), /saturation: amount must be >= 0/],
    [() => aspectRatio({ ratio: 0 }), /aspectRatio: ratio must be > 0/],
    [() => aspectRatio({ contentMode: 'stretch' }), /contentMode must be one of fit, fill/],
    [() => lineLimit(0), /lineLimit: limit must be >= 1/],
    [() => lineLimit(1.5), /lineLimit: limit must be an integer/],
    [() => lineLimit({ min: 1, max: 2, most: 3 }), /lineLimit: unknown option 'most'/],
    [() => lineLimit(2, { reserve: true }), /lineLimit: unknown option 'reserve'/],
    [() => underline({ isActive: true, pattern: 'wavy' }), /underline: pattern must be one of solid, dash/],
    [() => listStyle('fancy'), /listStyle: style must be one of automatic, plain, inset, insetGrouped, grouped, sidebar/],
    [() => buttonStyle('big'), /buttonStyle: style must be one of/],
    [() => controlSize('huge'), /controlSize: size must be one of mini, small, regular, large, extraLarge/],
    [() => listRowSeparator('hidden', 'left'), /listRowSeparator: edges must be one of all, top, bottom/],
    [() => bold(true), /bold: takes no arguments/],
    [() => zIndex('top'), /zIndex: index must be a finite number/],
    [() => scaleEffect('big'), /scaleEffect: x must be a finite number, got "big"/],
    [() => scaleEffect({ x: 2, z: 1 }), /scaleEffect: unknown option 'z'/],
    [() => accessibilityLabel(3), /accessibilityLabel: label must be a string, got number 3/],
  ];
  for (const [call, message] of refusals) assert.throws(call, message);
});

test('a real modhostd shows the recorded styles in the snapshot, in order, and refuses a bad param at its path', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-recorded-styles-test', reconnect: false });
  try {
    const surface = await host.mount('main', List(HStack({ key: 'row', modifiers: [
      bold(), padding(2), shadow({ radius: 3 }), listRowSeparator('hidden'), foregroundColor('#FF0000'), moveDisabled(),
    ] }, Text('x'))));
    const { root } = await surface.snapshot();
    assert.deepEqual(root.children[0].styles, [
      { $style: 'bold' },
      { $style: 'padding', top: 2, leading: 2, bottom: 2, trailing: 2 },
      { $style: 'shadow', radius: 3, x: 0, y: 0 },
      { $style: 'listRowSeparator', visibility: 'hidden', edges: 'all' },
      { $style: 'foregroundStyle', color: '#FF0000FF' },
      { $style: 'moveDisabled', disabled: true },
    ]);
    // Past the helpers (a config written by hand), the host checks the range at the param's path.
    await assert.rejects(
      host.mount('bad', Text({ modifiers: [{ $type: 'blur', radius: -1 }] }, 'x')),
      (error) => error.data?.path === 'root.modifiers[0].radius');
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test('screen-only helpers build Expo\'s params and refuse what the host refuses', { timeout: TEST_TIMEOUT_MS }, () => {
  const c = client;
  const cases = [
    [c.ignoreSafeArea({ regions: 'keyboard', edges: 'bottom' }), { $type: 'ignoreSafeArea', regions: 'keyboard', edges: 'bottom' }],
    [c.glassEffect({ glass: { variant: 'regular', interactive: true }, shape: 'capsule' }), { $type: 'glassEffect', glass: { variant: 'regular', interactive: true }, shape: 'capsule' }],
    [c.glassEffectId('a', 'ns'), { $type: 'glassEffectId', id: 'a', namespaceId: 'ns' }],
    [c.matchedGeometryEffect('a', 'ns'), { $type: 'matchedGeometryEffect', id: 'a', namespaceId: 'ns' }],
    [c.scrollDismissesKeyboard('interactively'), { $type: 'scrollDismissesKeyboard', mode: 'interactively' }],
    [c.scrollTargetBehavior('paging'), { $type: 'scrollTargetBehavior', behavior: 'paging' }],
    [c.scrollTargetLayout(), { $type: 'scrollTargetLayout' }],
    [c.defaultScrollAnchor(null), { $type: 'defaultScrollAnchor', anchor: null }],
    [c.defaultScrollAnchorForRole('top', 'sizeChanges'), { $type: 'defaultScrollAnchorForRole', anchor: 'top', role: 'sizeChanges' }],
    [c.menuActionDismissBehavior('disabled'), { $type: 'menuActionDismissBehavior', behavior: 'disabled' }],
    [c.keyboardType('email-address'), { $type: 'keyboardType', keyboardType: 'email-address' }],
    [c.autocorrectionDisabled(), { $type: 'autocorrectionDisabled' }],
    [c.textInputAutocapitalization('words'), { $type: 'textInputAutocapitalization', autocapitalization: 'words' }],
    [c.textContentType('emailAddress'), { $type: 'textContentType', textContentType: 'emailAddress' }],
    [c.presentationDragIndicator('visible'), { $type: 'presentationDragIndicator', visibility: 'visible' }],
    [c.interactiveDismissDisabled(), { $type: 'interactiveDismissDisabled' }],
  ];
  for (const [config, expected] of cases) {
    assert.deepEqual(config, expected);
    assert.equal(expo[expected.$type], client[expected.$type], `${expected.$type} is in @expo/ui/swift-ui/modifiers`);
  }
  assert.throws(() => c.glassEffect({ glass: { variant: 'frosted' } }), /glassEffect: glass.variant must be one of regular, clear, identity/);
  assert.throws(() => c.glassEffect({ glass: { variant: 'clear', blur: 1 } }), /unknown option 'blur'/);
  assert.throws(() => c.ignoreSafeArea({ edge: 'top' }), /ignoreSafeArea: unknown option 'edge'/);
  assert.throws(() => c.keyboardType('email'), /keyboardType: keyboardType must be one of default, email-address/);
  assert.throws(() => c.matchedGeometryEffect('a'), /matchedGeometryEffect: namespaceId is required/);
});

test('a real modhostd accepts a screen-only modifier with a no-headless-effect warning', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-screen-only-test', reconnect: false });
  const diagnostics = [];
  host.on('diagnostic', (d) => diagnostics.push(d));
  try {
    const surface = await host.mount('main', List(HStack({ key: 'row', modifiers: [client.glassEffect(), client.bold()] }, Text('x'))));
    assert.deepEqual(diagnostics.map((d) => [d.code, d.node, d.path]), [['no-headless-effect', 'row', 'root.children[0].modifiers[0]']]);
    const { root } = await surface.snapshot();
    assert.deepEqual(root.children[0].styles, [{ $style: 'glassEffect' }, { $style: 'bold' }]);
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test('shape, overlay, section, grid and image helpers build Expo\'s params and refuse bad ones', { timeout: TEST_TIMEOUT_MS }, () => {
  const c = client;
  const cases = [
    [c.clipShape('roundedRectangle', 8), { $type: 'clipShape', shape: 'roundedRectangle', cornerRadius: 8 }],
    [c.mask('circle'), { $type: 'mask', shape: 'circle' }],
    [c.containerShape(c.shapes.roundedRectangle({ cornerRadius: 12 })), { $type: 'containerShape', shape: 'roundedRectangle', cornerRadius: 12 }],
    [c.overlay({ color: 'red', alignment: 'top' }), { $type: 'overlay', color: 'red', alignment: 'top' }],
    [c.backgroundOverlay({ color: 'blue' }), { $type: 'backgroundOverlay', color: 'blue' }],
    [c.rotation3DEffect({ angle: 30, axis: { y: 1 } }), { $type: 'rotation3DEffect', angle: 30, axisX: 0, axisY: 1, axisZ: 0, perspective: 1 }],
    [c.listSectionSpacing(24), { $type: 'listSectionSpacing', spacing: 'custom', value: 24 }],
    [c.listSectionSpacing('compact'), { $type: 'listSectionSpacing', spacing: 'compact' }],
    [c.listSectionMargins({ length: 8, edges: 'horizontal' }), { $type: 'listSectionMargins', length: 8, edges: 'horizontal' }],
    [c.gridCellColumns(2), { $type: 'gridCellColumns', count: 2 }],
    [c.gridCellUnsizedAxes('horizontal'), { $type: 'gridCellUnsizedAxes', axes: 'horizontal' }],
    [c.gridColumnAlignment('trailing'), { $type: 'gridColumnAlignment', alignment: 'trailing' }],
    [c.resizable({ top: 4 }, 'tile'), { $type: 'resizable', top: 4, resizingMode: 'tile' }],
  ];
  for (const [config, expected] of cases) {
    assert.deepEqual(config, expected);
    assert.equal(expo[expected.$type], client[expected.$type], `${expected.$type} is in @expo/ui/swift-ui/modifiers`);
  }
  assert.throws(() => c.clipShape('star'), /clipShape: shape must be one of rectangle, roundedRectangle/);
  assert.throws(() => c.overlay({ colour: 'red' }), /overlay: unknown option 'colour'/);
  assert.throws(() => c.rotation3DEffect({ angle: 1, axis: { w: 1 } }), /unknown option 'w'/);
  assert.throws(() => c.listSectionSpacing('wide'), /listSectionSpacing: spacing must be one of default, compact/);
  assert.throws(() => c.gridCellColumns(0), /gridCellColumns: count must be >= 1/);
  assert.throws(() => c.resizable({ top: -1 }), /resizable: top must be >= 0/);
});

test('tag, environment, gridCellAnchor and animation take Expo\'s arguments', { timeout: TEST_TIMEOUT_MS }, () => {
  const c = client;
  assert.deepEqual(c.tag('inbox'), { $type: 'tag', tag: 'inbox' });
  assert.deepEqual(c.tag(3), { $type: 'tag', tag: 3 });
  assert.deepEqual(c.environment('colorScheme', 'dark'), { $type: 'environment', key: 'colorScheme', value: 'dark' });
  assert.deepEqual(c.environment({ key: 'locale', value: 'fr_FR' }), { $type: 'environment', key: 'locale', value: 'fr_FR' });
  assert.deepEqual(c.gridCellAnchor({ type: 'custom', points: { x: 0.25, y: 1 } }), { $type: 'gridCellAnchor', type: 'custom', points: { x: 0.25, y: 1 } });
  assert.deepEqual(c.animation(c.Animation.spring({ duration: 0.3 }).delay(0.1).repeat({ repeatCount: 2, autoreverses: true }), true),
    { $type: 'animation', animation: { type: 'spring', duration: 0.3, delay: 0.1, repeatCount: 2, autoreverses: true }, animatedValue: true });
  assert.deepEqual(c.animation(c.Animation.default, 1), { $type: 'animation', animation: { type: 'default' }, animatedValue: 1 });
  for (const name of ['tag', 'environment', 'gridCellAnchor', 'animation', 'Animation']) assert.equal(expo[name], client[name], name);
  assert.throws(() => c.tag(true), /tag: tag must be a string or a number/);
  // Rules that tie one param to another (a value per key, points with 'custom') are the
  // plugin's code, not its schema: the host refuses them (RecordedValueModifierTests).
  assert.throws(() => c.environment('colorScheme', 'dark', 'x'), /environment: takes at most 2 arguments, got 3/);
  assert.throws(() => c.environment({ key: 'locale', value: 'fr' }, 'de'), /environment: value is given twice/);
  assert.throws(() => c.environment({ key: 'theme', value: 'x' }), /environment: key must be one of editMode, colorScheme/);
  assert.throws(() => c.gridCellAnchor({ type: 'custom', points: { x: 'left', y: 0 } }), /gridCellAnchor: points.x must be a finite number/);
  assert.throws(() => c.animation({ type: 'spring' }, 1), /animation: its first argument must come from Animation/);
  assert.throws(() => c.Animation.spring({ speed: 2 }), /Animation.spring: unknown option 'speed'/);
  assert.throws(() => c.animation(c.Animation.linear(), 'x'), /animation: animatedValue must be a finite number/);
});

test('a real modhostd takes an animation from the builder, with a no-headless-effect warning', { timeout: TEST_TIMEOUT_MS }, async () => {
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-animation-test', reconnect: false });
  const diagnostics = [];
  host.on('diagnostic', (d) => diagnostics.push(d));
  try {
    const surface = await host.mount('main', List(HStack({ key: 'row', modifiers: [client.tag(3), client.animation(client.Animation.easeIn({ duration: 0.2 }), false)] }, Text('x'))));
    assert.deepEqual(diagnostics.map((d) => d.code), ['no-headless-effect']);
    const { root } = await surface.snapshot();
    assert.deepEqual(root.children[0].styles, [{ $style: 'tag', tag: 3 }, { $style: 'animation', type: 'easeIn', duration: 0.2, animatedValue: false }]);
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test('scrollDisabled stops a real modhostd from refreshing the List; containerRelativeFrame checks its span', { timeout: TEST_TIMEOUT_MS }, async () => {
  assert.deepEqual(client.scrollDisabled(), { $type: 'scrollDisabled' });
  assert.deepEqual(client.containerRelativeFrame({ axes: 'horizontal', count: 3, span: 2 }), { $type: 'containerRelativeFrame', axes: 'horizontal', count: 3, span: 2 });
  assert.throws(() => client.containerRelativeFrame({ axes: 'both', count: 0 }), /containerRelativeFrame: count must be >= 1/);
  assert.equal(expo.scrollDisabled, client.scrollDisabled);
  const env = await withDaemon();
  const host = await connect({ socket: env.socket, clientName: 'modhost-js-scroll-disabled-test', reconnect: false });
  try {
    let refreshes = 0;
    const surface = await host.mount('main', List({ key: 'list', modifiers: [client.refreshable(async () => { refreshes += 1; }), client.scrollDisabled()] }, Text('x')));
    const result = await surface.interact('list', 'refresh');
    assert.equal(result.handled, false);
    assert.match(result.reason, /scrollDisabled/);
    assert.equal(refreshes, 0);
    // A span past the count ties two params together: the host refuses it at its path.
    await assert.rejects(
      host.mount('span', Text({ modifiers: [client.containerRelativeFrame({ axes: 'both', count: 2, span: 3 })] }, 'x')),
      (error) => error.data?.path === 'root.modifiers[0].span');
  } finally {
    await host.close();
    await env.cleanup();
  }
});

test('presentationBackgroundInteraction takes a name or enabledUpThrough a detent', { timeout: TEST_TIMEOUT_MS }, () => {
  const p = client.presentationBackgroundInteraction;
  assert.deepEqual(p('enabled'), { $type: 'presentationBackgroundInteraction', interactionType: 'enabled' });
  assert.deepEqual(p({ type: 'enabledUpThrough', detent: { fraction: 0.3 } }), { $type: 'presentationBackgroundInteraction', interactionType: 'enabledUpThrough', detent: { fraction: 0.3 } });
  assert.equal(expo.presentationBackgroundInteraction, p);
  assert.throws(() => p('sometimes'), /interaction must be one of automatic, enabled, disabled/);
  assert.throws(() => p({ type: 'enabledUpThrough', detent: { fraction: 2 } }), /detent.fraction must be <= 1/);
  assert.throws(() => p({ type: 'enabledUpThrough', detent: 'small' }), /detent must be 'medium', 'large'/);
});
