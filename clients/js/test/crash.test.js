// A plugin that crashes the engine, against a real modhostd: the supervisor keeps every
// connection and a new engine, without the plugin, serves it on. The client tells the request
// that crashed it (rejected with -32005) from the bystanders, whose surfaces the daemon rebuilt.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { connect, createModifier, List, Text, ModhostError, ENGINE_RESTARTED } from '../src/index.js';
import { SocketChannel as Connection } from '../src/socket-channel.js';
import { withDaemon, once } from '../test-support/daemon.js';
import { mailRow, fixtureLibrary, makePlugin } from '../test-support/fixtures.js';

// Each describe fails, by name, past this time rather than hanging the run (generous: a sanitized
// daemon on a loaded 2-core machine is slow).
const SUITE_TIMEOUT_MS = 300_000;

const FAULTY = fixtureLibrary('libFaultyFixture.so');
// Without the fixture each test is skipped with this reason, rather than the describe: node
// counts a skipped describe as no test at all, so the skips would vanish from the count.
const skip = existsSync(FAULTY) ? false : `no ${FAULTY} (built with the package's test fixtures)`;
// Reconnecting stays on, as an app would have it: these tests show it is not needed.
const RECONNECT = { initialDelayMs: 20, maxDelayMs: 200 };

// Every request a connection of this process writes, so a test can tell what was (not) sent.
const sent = [];
const writeRequest = Connection.prototype.request;
Connection.prototype.request = function request(method, params, ...rest) {
  if (!this.closed) sent.push({ socket: this.socketPath, method, params });
  return writeRequest.call(this, method, params, ...rest);
};

/** A daemon serving the faulty plugin (in `<dir>/plugins/faulty`) and the bundled ones. */
function faultyDaemon() {
  return withDaemon((dir) => {
    makePlugin(path.join(dir, 'plugins', 'faulty'), { name: 'Faulty', library: 'libFaultyFixture.so', modules: ['FaultyModule'] });
    return { args: ['--plugins', path.join(dir, 'plugins'), '--plugin-timeout', '0.5'] };
  });
}

/** A List with one row whose `faulty` modifier fails as `fault` says ("body", "action", "none"). */
function faultyList(fault) {
  return List(Text({ key: 'r1', modifiers: [createModifier('faulty', { fault })] }, 'Faulty row'));
}

/** Connects a Host that records the events the crash tests look at, in `heard` and in `heard.order`. */
async function recordingHost(socket) {
  const host = await connect({ socket, reconnect: RECONNECT });
  const heard = { pluginCrashed: [], pluginsChanged: [], engineRestarted: [], diagnostic: [], event: [], disconnect: [], reconnect: [], order: [] };
  for (const name of Object.keys(heard).filter((n) => n !== 'order')) {
    host.on(name, (value) => { heard[name].push(value); heard.order.push(name); });
  }
  return { host, heard };
}

/**
 * A bystander with a surface of swipeable rows and a culprit whose requests (`trigger(host,
 * mounted)`, which puts the surface it mounts, if any, in `mounted.surface`) crash the engine in
 * the faulty plugin. Right after the request that crashes it, the bystander asks for a snapshot
 * and `describe`: whichever engine reads them answers them. Resolves once the culprit's request
 * was answered and both Hosts heard `engineRestarted`.
 */
async function crash({ trigger }) {
  const env = await faultyDaemon();
  const bystander = await recordingHost(env.socket);
  const culprit = await recordingHost(env.socket);
  const presses = [];
  const inbox = await bystander.host.mount('inbox', List(mailRow('m1', 'Hello', presses), mailRow('m2', 'Lunch?', presses)));
  const restarted = Promise.all([once(bystander.host, 'engineRestarted', 60000), once(culprit.host, 'engineRestarted', 60000)]);
  const mounted = {};
  const triggered = trigger(culprit.host, mounted);
  const rightAfter = { snapshot: inbox.snapshot(), describe: bystander.host.describe() };
  const failed = await triggered.then(
    (result) => assert.fail(`the request that crashes the engine resolved: ${JSON.stringify(result)}`),
    (error) => {
      culprit.heard.order.push('rejected');
      return { error, stateThen: culprit.host.state };
    });
  await restarted;
  const answeredRightAfter = { snapshot: await rightAfter.snapshot, describe: await rightAfter.describe };
  return {
    env, bystander, culprit, presses, inbox, faulty: mounted.surface, failed, answeredRightAfter,
    async done() {
      await bystander.host.close();
      await culprit.host.close();
      await env.cleanup();
    },
  };
}

const interacts = (socket, surface) => sent.filter((s) => s.socket === socket && s.method === 'interact' && s.params.surface === surface);

// The host builds every row's modifiers as it mounts them (for their onAppear), so a body that
// traps crashes the engine in the mount that brings it.
describe('a plugin that crashes the engine in a row body (mount)', { timeout: SUITE_TIMEOUT_MS }, () => {
  let c;
  before(async () => {
    if (skip) return;
    c = await crash({ trigger: (host) => host.mount('f', faultyList('body')) });
  });
  after(async () => { await c?.done(); });

  it('rejects the request in flight with -32005 naming the plugin, on a connection that stays open', { skip }, () => {
    const { error, stateThen } = c.failed;
    assert.ok(error instanceof ModhostError, String(error));
    assert.equal(error.code, ENGINE_RESTARTED);
    assert.equal(error.engineRestarted, true);
    assert.equal(error.method, 'mount');
    assert.equal(typeof error.requestId, 'number');
    assert.deepEqual(error.data, { reason: 'plugin-crashed', method: 'mount', plugin: 'Faulty', call: 'body', detail: 'faulty' });
    assert.match(error.message, /plugin Faulty/);
    assert.equal(stateThen, 'open');
    for (const { host, heard } of [c.culprit, c.bystander]) {
      assert.equal(host.state, 'open');
      assert.deepEqual(heard.disconnect, [], 'no connection dropped');
      assert.deepEqual(heard.reconnect, [], 'nothing reconnected');
    }
    assert.equal(c.faulty, undefined);
    assert.equal(c.culprit.host.surfaces.has('f'), false, 'the mount never committed: the body trapped while building it');
    assert.equal(c.culprit.host.pendingTrees.size, 0);
  });

  it('tells the culprit with pluginCrashed, before the rejection, that its pending request crashed the engine', { skip }, () => {
    assert.equal(c.culprit.heard.pluginCrashed.length, 1, JSON.stringify(c.culprit.heard.pluginCrashed));
    const [event] = c.culprit.heard.pluginCrashed;
    assert.equal(event.mine, true);
    assert.equal(event.requestId, c.failed.error.requestId);
    assert.equal(event.method, 'mount');
    assert.equal(event.params.surface, 'f');
    assert.equal(event.params.root.children[0].modifiers[0].fault, 'body');
    assert.equal(event.plugin, 'Faulty');
    assert.equal(event.path, path.join(c.env.dir, 'plugins', 'faulty'));
    assert.match(event.message, /quarantined/);
    assert.equal(event.crash.call, 'body');
    assert.equal(event.crash.detail, 'faulty');
    assert.deepEqual(event.crash.types, ['faulty']);
    assert.match(event.crash.message, /Unexpectedly found nil/);
    assert.deepEqual(event.crash.request, { pid: process.pid, id: event.requestId, method: 'mount' });
    // the generic diagnostic still arrives; then engineRestarted; then the request's answer
    assert.ok(c.culprit.heard.diagnostic.some((d) => d.code === 'plugin-crashed' && d.plugin === 'Faulty'));
    const order = c.culprit.heard.order;
    assert.ok(order.indexOf('pluginsChanged') < order.indexOf('pluginCrashed'), order.join(' '));
    assert.ok(order.indexOf('pluginCrashed') < order.indexOf('engineRestarted'), order.join(' '));
    assert.ok(order.indexOf('engineRestarted') < order.indexOf('rejected'), order.join(' '));
  });

  it('tells a bystander in the same process that the request was not its own', { skip }, () => {
    assert.equal(c.bystander.heard.pluginCrashed.length, 1);
    const [event] = c.bystander.heard.pluginCrashed;
    assert.equal(event.mine, false);
    assert.equal(event.plugin, 'Faulty');
    assert.equal(event.crash.request.pid, process.pid);
    assert.equal('requestId' in event, false);
  });

  it('emits engineRestarted with the surfaces the daemon rebuilt: the culprit had none', { skip }, () => {
    const expected = { reason: 'plugin-crashed', plugin: 'Faulty', call: 'body', detail: 'faulty' };
    const [bystanderHeard] = c.bystander.heard.engineRestarted;
    assert.deepEqual({ ...bystanderHeard, message: undefined }, { ...expected, message: undefined, surfaces: [{ surface: 'inbox', status: 'rebuilt' }] });
    assert.match(bystanderHeard.message, /Unexpectedly found nil/);
    assert.deepEqual(c.culprit.heard.engineRestarted.map((e) => e.surfaces), [[]]);
    assert.equal(c.bystander.heard.engineRestarted.length, 1);
  });

  it('keeps the bystander\'s surface: no onAppear again, and a listener registered before the crash fires', { skip }, async () => {
    assert.equal(c.inbox.mounted, true);
    assert.equal(c.bystander.host.surfaces.get('inbox'), c.inbox);
    assert.deepEqual(c.bystander.heard.event, [], 'the rebuild sent no events');
    assert.deepEqual(c.bystander.heard.diagnostic.filter((d) => d.code === 'remount-failed'), []);
    const { root } = await c.inbox.snapshot();
    assert.deepEqual(root.children.map((row) => row.key), ['m1', 'm2']);
    await c.inbox.swipe('m2', 'trailing');
    const tapped = await c.inbox.tapAction('m2', 'edit');
    assert.equal(tapped.handled, true);
    assert.deepEqual(c.presses, ['m2:edit']);
  });

  it('answers the bystander\'s requests sent right after the crash', { skip }, () => {
    const { snapshot, describe: described } = c.answeredRightAfter;
    assert.deepEqual(snapshot.root.children.map((row) => row.key), ['m1', 'm2']);
    assert.ok(described.modifiers.some((m) => m.type === 'swipeActions'));
  });

  it('emits pluginsChanged without the quarantined plugin\'s types, before engineRestarted', { skip }, () => {
    for (const { host, heard } of [c.bystander, c.culprit]) {
      assert.deepEqual(heard.pluginsChanged, [{ added: [], removed: ['faulty'], changed: [] }]);
      assert.ok(heard.order.indexOf('pluginsChanged') < heard.order.indexOf('engineRestarted'));
      assert.equal(host.modifierTypes.has('faulty'), false);
      assert.equal(host.modifierTypes.has('swipeActions'), true);
    }
  });

  it('mounts a quarantined type inert, with a warning diagnostic that says so', { skip }, async () => {
    const warned = once(c.culprit.host, 'diagnostic');
    const surface = await c.culprit.host.mount('inert', faultyList('none'));
    const warning = await warned;
    assert.equal(warning.code, 'quarantined-modifier');
    assert.equal(warning.severity, 'warning');
    assert.equal(warning.plugin, 'Faulty');
    assert.equal(warning.path, 'root.children[0].modifiers[0].$type');
    assert.match(warning.message, /its plugin Faulty is quarantined/);
    const { root } = await surface.snapshot();
    assert.deepEqual(root.children[0].modifiers, [{ $type: 'faulty', quarantined: 'Faulty' }]);
    await surface.unmount();
    const described = await c.culprit.host.describe();
    const plugin = described.plugins.find((p) => p.name === 'Faulty');
    assert.equal(plugin.status, 'quarantined');
    assert.equal(plugin.crash.call, 'body');
  });

  it('enablePlugin brings the quarantined plugin\'s type back', { skip }, async () => {
    await assert.rejects(c.culprit.host.enablePlugin('Nothing'), (e) => e instanceof ModhostError && e.code === -32602 && e.path === 'name');
    const announced = once(c.bystander.host, 'pluginsChanged');
    const result = await c.culprit.host.enablePlugin('Faulty');
    assert.deepEqual(result.added, ['faulty']);
    assert.deepEqual(result.plugins.find((p) => p.name === 'Faulty').status, 'loaded');
    assert.deepEqual(await announced, { added: ['faulty'], removed: [], changed: [] });
    const surface = await c.culprit.host.mount('again', faultyList('none'));
    assert.equal((await surface.snapshot()).root.children[0].key, 'r1');
  });
});

describe('a plugin that crashes the engine in a swipe action (interact)', { timeout: SUITE_TIMEOUT_MS }, () => {
  let c;
  before(async () => {
    if (skip) return;
    c = await crash({
      async trigger(host, mounted) {
        const surface = await host.mount('f', faultyList('action'));
        mounted.surface = surface;
        await surface.swipe('r1', 'trailing');
        return surface.tapAction('r1', 'go');
      },
    });
  });
  after(async () => { await c?.done(); });

  it('rejects the interact in flight with -32005 and pluginCrashed names it', { skip }, () => {
    const { error } = c.failed;
    assert.ok(error instanceof ModhostError, String(error));
    assert.equal(error.code, ENGINE_RESTARTED);
    assert.equal(error.method, 'interact');
    assert.equal(error.data.plugin, 'Faulty');
    assert.equal(error.data.reason, 'plugin-crashed');
    assert.equal(error.data.call, 'action');
    assert.equal(error.data.method, 'interact');
    const [event] = c.culprit.heard.pluginCrashed;
    assert.equal(event.mine, true);
    assert.equal(event.requestId, error.requestId);
    assert.equal(event.method, 'interact');
    assert.equal(event.params.gesture, 'tapAction');
    assert.equal(event.crash.call, 'action');
    assert.match(event.crash.message, /the action fails on purpose/);
    assert.equal(c.bystander.heard.pluginCrashed[0].mine, false);
    for (const { heard } of [c.culprit, c.bystander]) assert.deepEqual([heard.disconnect, heard.reconnect], [[], []]);
  });

  it('never sends the interact that crashed the engine again', { skip }, async () => {
    await c.culprit.host.ping();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(interacts(c.env.socket, 'f').map((s) => s.params.gesture), ['swipe', 'tapAction']);
    assert.equal(c.env.daemon.log.match(/the plugin is quarantined, starting a new engine/g)?.length, 1, c.env.daemon.log);
  });

  it('lets the bystander swipe and tap at once after the restart, with its listeners from before', { skip }, async () => {
    assert.deepEqual(c.bystander.heard.engineRestarted.map((e) => e.surfaces), [[{ surface: 'inbox', status: 'rebuilt' }]]);
    await c.inbox.swipe('m1', 'trailing');
    await c.inbox.tapAction('m1', 'delete');
    assert.deepEqual(c.presses, ['m1:delete']);
  });

  it('rebuilds the surface that crashed it, its quarantined modifier inert', { skip }, async () => {
    assert.deepEqual(c.culprit.heard.engineRestarted.map((e) => e.surfaces), [[{ surface: 'f', status: 'rebuilt' }]]);
    assert.equal(c.faulty.mounted, true);
    assert.equal(c.culprit.heard.diagnostic.find((d) => d.code === 'remount-failed'), undefined);
    const { root } = await c.faulty.snapshot();
    assert.deepEqual(root.children[0].modifiers, [{ $type: 'faulty', quarantined: 'Faulty' }]);
    // Inert: the row has no swipe actions to reveal now.
    const swiped = await c.faulty.swipe('r1', 'trailing');
    assert.equal(swiped.handled, false);
  });
});

describe('a plugin that hangs the engine (mount), and an AsyncFunction that traps later', { timeout: SUITE_TIMEOUT_MS }, () => {
  let c;
  before(async () => {
    if (skip) return;
    c = await crash({ trigger: (host) => host.mount('f', faultyList('hang')) });
  });
  after(async () => { await c?.done(); });

  it('rejects the hung mount with -32005, reason plugin-hung, and keeps both connections', { skip }, () => {
    const { error } = c.failed;
    assert.ok(error instanceof ModhostError, String(error));
    assert.equal(error.code, ENGINE_RESTARTED);
    assert.equal(error.data.reason, 'plugin-hung');
    assert.equal(error.data.plugin, 'Faulty');
    assert.equal(error.method, 'mount');
    assert.equal(c.culprit.heard.pluginCrashed[0]?.requestId, error.requestId);
    for (const { heard } of [c.culprit, c.bystander]) {
      assert.deepEqual([heard.disconnect, heard.reconnect], [[], []]);
      assert.equal(heard.engineRestarted[0].reason, 'plugin-hung');
    }
    assert.deepEqual(c.bystander.heard.engineRestarted[0].surfaces, [{ surface: 'inbox', status: 'rebuilt' }]);
  });

  it('rejects an AsyncFunction call the ended engine owed with -32005 (callFunction), naming the plugin', { skip }, async () => {
    // Faulty was quarantined by the hang: bring it back so that its module can be called.
    await c.culprit.host.enablePlugin('Faulty');
    const restarted = once(c.culprit.host, 'engineRestarted', 60000);
    const crashedHeard = c.culprit.heard.pluginCrashed.length;
    const error = await c.culprit.host.callFunction('Faulty', 'failLater', ['trap']).then(
      (result) => assert.fail(`failLater resolved: ${JSON.stringify(result)}`), (e) => e);
    assert.equal(error.code, ENGINE_RESTARTED, `${error.message} ${JSON.stringify(error.data)}`);
    await restarted;
    assert.ok(error instanceof ModhostError, String(error));
    assert.equal(error.code, ENGINE_RESTARTED);
    assert.equal(error.method, 'callFunction');
    assert.equal(error.data.method, 'callFunction');
    assert.equal(error.data.plugin, 'Faulty');
    const event = c.culprit.heard.pluginCrashed[crashedHeard];
    assert.ok(event, JSON.stringify(c.culprit.heard.pluginCrashed));
    assert.equal(event.plugin, 'Faulty');
    // The request the crash names, if any, is ours: mine says so.
    assert.equal(event.crash.call, 'async task');
    // A task of an AsyncFunction runs for no request in particular: the crash names one only
    // when it does (today it names none, so mine is false; the -32005 above is what says ours).
    assert.equal(event.mine, Boolean(event.crash.request), JSON.stringify(event.crash.request));
    await c.inbox.swipe('m1', 'trailing');
    assert.equal((await c.inbox.tapAction('m1', 'delete')).handled, true);
  });
});
