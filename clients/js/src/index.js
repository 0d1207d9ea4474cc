// @modhost/client: the JavaScript front-end of modhostd.
export { createModifier, createModifierWithEventListener, swipeActions } from './modifiers.js';
export { h, List, Section, HStack, VStack, ZStack, Text, Label, Image, Button, Spacer, VIEW_TYPES } from './elements.js';
export { serializeTree, stripFunctions } from './serialize.js';
export { connect, Host, Surface, PROTOCOL_VERSION, CLIENT_VERSION } from './host.js';
export { ModhostError, ModhostConnectionError } from './errors.js';
export { defaultSocketPath } from './socket-path.js';
export { encodeFrame, FrameDecoder } from './framing.js';
