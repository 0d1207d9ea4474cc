// Uses factories generated from events.json, whose modifier types declare their event payloads
// and whose module declares an event payload.
import { swipeActions, onTapGesture, requireMailModule } from './modifiers.js';
import type { SwipeActionsEvent, SwipeActionsModifier } from './modifiers.js';
import type { Host, Node, EventInfo } from '@modhost/client';

const withListener: SwipeActionsModifier = swipeActions({ trailing: [{ id: 'delete' }] }, (event: SwipeActionsEvent, info: EventInfo) => {
  const id: string = event.id;
  void id; void info;
});
const withoutListener = swipeActions({ trailing: [{ id: 'flag', label: 'Flag' }] });
const tap = onTapGesture({ count: 2 }, () => {});
const node: Node = { type: 'Text', modifiers: [withListener, withoutListener, tap] };

// @ts-expect-error: the event has no member 'identifier'
swipeActions({}, (event) => event.identifier);
// @ts-expect-error: a listener is a function
swipeActions({}, 'not a function');

declare const host: Host;
const mail = requireMailModule(host);
const unread: Promise<number> = mail.unread();
mail.addListener('onNewMail', (payload) => {
  const from: string = payload.from;
  // @ts-expect-error: count is a number
  const count: string = payload.count;
  void from; void count;
});
// @ts-expect-error: the module has no such event
mail.addListener('onOldMail', () => {});

void node; void unread;
