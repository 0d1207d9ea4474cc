// Test helpers: view trees and plugin folders the integration tests share.
import { mkdirSync, copyFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { swipeActions, HStack, Text } from '../src/index.js';
import { MODHOSTD, withDaemon } from './daemon.js';

/** A List row with archive (leading), delete and edit (trailing); each press is pushed to `presses`. */
export function mailRow(key, subject, presses, extra = {}) {
  return HStack({ key, alignment: 'center', modifiers: [swipeActions({
    leading: [{ id: 'archive', label: 'Archive', systemImage: 'archivebox', tint: 'teal', onPress: () => presses.push(`${key}:archive`) }],
    trailing: [
      { id: 'delete', label: 'Delete', systemImage: 'trash', role: 'destructive', onPress: () => presses.push(`${key}:delete`) },
      { id: 'edit', label: 'Edit', systemImage: 'pencil', tint: '#0A84FF', onPress: () => presses.push(`${key}:edit`) },
    ],
    ...extra,
  })] }, Text(subject));
}

/** A fixture library built with the package (next to modhostd). */
export function fixtureLibrary(library) {
  return path.join(path.dirname(MODHOSTD), library);
}

/** Writes a plugin folder: `plugin.json` and a copy of the fixture `library`. */
export function makePlugin(folder, { name, library, modules }) {
  mkdirSync(folder, { recursive: true });
  copyFileSync(fixtureLibrary(library), path.join(folder, library));
  writeFileSync(path.join(folder, 'plugin.json'), JSON.stringify({
    name, platforms: ['linux'], sdkVersion: '2.5.0', linux: { library, modules },
  }));
}

/**
 * A daemon on a temporary socket that also loads the fixture plugin `name` (the fixture
 * `library`, with `modules`); null, with test `t` skipped and the reason given, when the
 * fixture library was not built.
 */
async function withFixtureDaemon(t, { name, library, modules }) {
  if (!existsSync(fixtureLibrary(library))) {
    t.skip(`no ${fixtureLibrary(library)} (built with the package's test fixtures)`);
    return null;
  }
  return withDaemon((dir) => {
    makePlugin(path.join(dir, 'plugins', name), { name, library, modules });
    return { args: ['--plugins', path.join(dir, 'plugins')] };
  });
}

/** A daemon that also loads the Greeting fixture plugin (module `Greeting`); see withFixtureDaemon. */
export function withGreetingDaemon(t) {
  return withFixtureDaemon(t, { name: 'Greeting', library: 'libGreetingFixture.so', modules: ['GreetingModule'] });
}

/**
 * A daemon that also loads the Rating fixture plugin (views `Rating`, `Panel`, `Caption` and
 * `Card`); see withFixtureDaemon.
 */
export function withRatingDaemon(t) {
  return withFixtureDaemon(t, { name: 'RatingFixture', library: 'libRatingFixture.so', modules: ['RatingModule', 'PanelModule', 'CaptionModule'] });
}
