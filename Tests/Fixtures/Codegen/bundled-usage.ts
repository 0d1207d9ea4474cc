// Uses what `modhost codegen ts` writes for the bundled plugins (ExpoUI, SwipeActions): the JS
// client's own helpers, re-exported with the client's signatures, and the generated types.
import { swipeActions, padding, frame, font, background, tint, onAppear, refreshable, requireExpoUIModule, searchable, presentationDetents } from './modifiers.js';
import { shapes } from '@modhost/client';
import type { SwipeActionsModifier, FrameParams, ColorValue, ExpoUIModule, ExpoUIEvents, SearchableModifier, PresentationDetentsModifier } from './modifiers.js';
import type { Connection, Node } from '@modhost/client';

const swipe: SwipeActionsModifier = swipeActions({
  trailing: [{ id: 'delete', label: 'Delete', role: 'destructive', tint: 'red', onPress: ({ id, node }) => { void id; void node; } }],
  allowsFullSwipe: true,
});
const alignment: FrameParams['alignment'] = 'topLeading';
const red: ColorValue = '#FF0000';
const node: Node = {
  type: 'Text',
  modifiers: [swipe, padding(8), padding({ all: 8 }), frame({ width: 100, alignment }), font({ weight: 'bold', design: 'serif' }),
    background(red, shapes.capsule()), tint('blue'), onAppear(() => {})],
};
refreshable(async ({ id }) => { const refresh: string = id; void refresh; });
const search: SearchableModifier = searchable('', { placement: 'toolbar', prompt: 'Search', onChange: (text) => { const typed: string = text; void typed; } });
const sheet: PresentationDetentsModifier = presentationDetents(['medium', { fraction: 0.3 }, { height: 200 }], { selection: 'medium', onSelectionChange: (detent) => { void detent; } });
void search; void sheet;
// @ts-expect-error: Expo's searchable takes onChange
searchable('', { onChangeText: () => {} });
// @ts-expect-error: not a search field placement
searchable('', { placement: 'top' });
// @ts-expect-error: not a detent
presentationDetents(['half']);

// @ts-expect-error: a misspelt param name
swipeActions({ trailling: [] });
// @ts-expect-error: an action's label, misspelt
swipeActions({ trailing: [{ id: 'delete', lable: 'Delete' }] });
// @ts-expect-error: 'heavyish' is not a font weight
font({ weight: 'heavyish' });
// @ts-expect-error: an action needs its id
swipeActions({ trailing: [{ label: 'No id' }] });
// @ts-expect-error: the client's background takes the colour first, not a params object
background({ color: 'red', shape: 'circle' });
// @ts-expect-error: onAppear takes the function to run
onAppear();
// @ts-expect-error: a number is no colour
tint(0xff0000);

declare const connection: Connection;
const expoUI: ExpoUIModule = requireExpoUIModule(connection);
const done: Promise<null> = expoUI.completeRefresh('refresh-1');
// @ts-expect-error: completeRefresh takes a string id
expoUI.completeRefresh(1);
// @ts-expect-error: ExpoUI has no such function
expoUI.completeRefreshes('x');
const events: ExpoUIEvents = {};

void node; void done; void events;
