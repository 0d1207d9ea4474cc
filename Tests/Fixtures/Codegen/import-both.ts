// Importing from the JS client and from the generated module together: `export *` of both is an
// error (TS2308) for any name they export with different meanings, so this file compiles only
// when every shared name is the same symbol (the client's helper or type, re-exported).
export * from '@modhost/client';
export * from './modifiers.js';
import { swipeActions as fromClient, padding, type SwipeActionsParams } from '@modhost/client';
import { swipeActions as generated, padding as generatedPadding, type SwipeActionsParams as GeneratedParams } from './modifiers.js';

const same: typeof fromClient = generated;
const samePadding: typeof padding = generatedPadding;
const params: SwipeActionsParams = { trailing: [{ id: 'x', label: 'X' }] };
const again: GeneratedParams = params;
void same; void samePadding; void again;
