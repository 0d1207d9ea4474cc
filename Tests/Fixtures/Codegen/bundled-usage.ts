// Uses the factories generated for the bundled plugins (ExpoUI, SwipeActions).
import { swipeActions, padding, frame, font, background, tint, onAppear, refreshable, requireExpoUIModule } from './modifiers.js';
import type { SwipeActionsModifier, FrameParams, ColorValue } from './modifiers.js';
import type { Host, Node } from '@modhost/client';

const swipe: SwipeActionsModifier = swipeActions({
  trailing: [{ id: 'delete', label: 'Delete', role: 'destructive', tint: 'red' }],
  allowsFullSwipe: true,
});
const alignment: FrameParams['alignment'] = 'topLeading';
const red: ColorValue = '#FF0000';
const node: Node = {
  type: 'Text',
  modifiers: [swipe, padding({ all: 8 }), frame({ width: 100, alignment }), font({ weight: 'bold', design: 'serif' }), background({ color: red, shape: 'capsule' }), tint({ color: 'blue' }), onAppear()],
};

// The bundled plugins declare their event payloads: the listeners are typed with them.
const heard: SwipeActionsModifier = swipeActions({ trailing: [{ id: 'delete' }] }, (event) => {
  const id: string = event.id;
  // @ts-expect-error: a swipeActions event carries only the action's id
  void event.label;
  void id;
});
refreshable({}, (event) => { const id: string = event.id; void id; });
onAppear({}, (event) => {
  // @ts-expect-error: an onAppear event is empty
  void event.id;
});

// @ts-expect-error: a misspelt param name
swipeActions({ trailling: [] });
// @ts-expect-error: 'heavyish' is not a font weight
font({ weight: 'heavyish' });
// @ts-expect-error: an action needs its id
swipeActions({ trailing: [{ label: 'No id' }] });
// @ts-expect-error: background's color is required
background({ shape: 'circle' });
// @ts-expect-error: onAppear takes no params
onAppear({ when: 'now' });
// @ts-expect-error: a number is no colour
tint({ color: 0xff0000 });

declare const host: Host;
const expoUI = requireExpoUIModule(host);
const done: Promise<null> = expoUI.completeRefresh('refresh-1');
// @ts-expect-error: completeRefresh takes a string id
expoUI.completeRefresh(1);
// @ts-expect-error: ExpoUI has no such function
expoUI.completeRefreshes('x');

void node; void done; void heard;
