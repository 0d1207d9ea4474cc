import Glibc
import ModhostWire
@_spi(ModhostHost) import ModifierKit

/// A module of a loaded plugin, as front-ends reach it: by its name, for its functions
/// (`callFunction`) and its events (`moduleEvent`). A class: each call finds its module,
/// and a copy of seven members retained and released cost a tenth of a small call.
public final class LoadedModule {
    /// The module's `Name`, or its class name when it declares none.
    public let name: String
    public let plugin: String
    public let functions: [ModuleFunction]
    public let events: [String]
    /// The views the module declares (`View(_:)`).
    let views: [PluginViewType]
    /// Its plugin's context, handed to every function call: kept here rather than looked up
    /// by plugin name on every call.
    let appContext: AppContext
    /// `Module.function` for each of `functions`, in order: the detail of a call's plugin
    /// mark, spelt once rather than on every call.
    let places: [String]

    init(
        name: String, plugin: String, functions: [ModuleFunction], events: [String], views: [PluginViewType], appContext: AppContext,
        places: [String]
    ) {
        self.name = name
        self.plugin = plugin
        self.functions = functions
        self.events = events
        self.views = views
        self.appContext = appContext
        self.places = places
    }

    /// `{name, plugin, functions: [{name, async, arguments, result}], events}` for `describe`.
    var info: JSONValue {
        let functions: [JSONValue] = functions.map { function in
            var object = JSONObject()
            object["name"] = .string(function.name)
            object["async"] = .bool(function.isAsync)
            object["arguments"] = .array(function.argumentSchemas.map { Self.schema($0) })
            object["result"] = function.resultSchema.map { Self.schema($0) } ?? .null
            return .object(object)
        }
        return [
            "name": .string(name), "plugin": .string(plugin), "functions": .array(functions),
            "events": .array(events.map { .string($0) }), "views": .array(views.map { .string($0.name) }),
        ]
    }

    private static func schema(_ schema: [String: Any]) -> JSONValue {
        (try? ValueBridge.jsonValue(schema)).map(Host.orderingProperties) ?? .object(JSONObject())
    }
}

extension Host {
    /// Makes `module`, created and set up by the plugin loader, reachable by front-ends, and
    /// sends its events to them.
    public func addModule(_ module: BaseModule, definition: ModuleDefinition, name: String, plugin: String) {
        let context = appContext(forPlugin: plugin)
        let views = definition.views.map { registration in
            let schema = PluginCalls.run(plugin: plugin, .schema, registration.name) { registration.propsSchema }
            let json = (try? ValueBridge.jsonValue(schema)).map(Self.orderingProperties) ?? .object(JSONObject())
            nextViewSerial += 1
            return PluginViewType(registration: registration, plugin: plugin, module: name, serial: nextViewSerial, propsSchema: json,
                appContext: context)
        }
        let loaded = LoadedModule(
            name: name, plugin: plugin, functions: definition.functions, events: definition.events, views: views,
            appContext: context, places: definition.functions.map { name + "." + $0.name })
        modules.append(loaded)
        let bound = LoopBound((host: self, module: loaded))
        let loopThread = self.loopThread
        PluginHostSupport.setEventSink(of: module) { [asyncWork] event, payload in
            let payload = LoopBound(payload)
            // From the host's thread the event goes out at once, in order with what the
            // call that sent it answers; from any other, the loop delivers it soon.
            if pthread_equal(pthread_self(), loopThread) != 0 {
                bound.value.host.deliverModuleEvent(event, payload: payload.value, from: bound.value.module)
            } else {
                asyncWork.post { bound.value.host.deliverModuleEvent(event, payload: payload.value, from: bound.value.module) }
            }
        }
    }

    /// Forgets the modules of `plugin` (it is being unloaded): their events go nowhere.
    public func removeModules(ofPlugin plugin: String, instances: [BaseModule]) {
        for instance in instances { PluginHostSupport.setEventSink(of: instance, nil) }
        modules.removeAll { $0.plugin == plugin }
    }

    /// The module named `name`: the first loaded, when several plugins name one alike.
    func module(named name: String) -> LoadedModule? {
        modules.first { $0.name == name }
    }

    private func deliverModuleEvent(_ event: String, payload: Dict, from module: LoadedModule) {
        guard modules.contains(where: { $0.name == module.name && $0.plugin == module.plugin }) else { return }
        guard module.events.contains(event) else {
            logger.warning("plugin \(module.plugin): module \(module.name) sent the event '\(event)', which it does not declare (its Events: \(module.events.isEmpty ? "none" : module.events.joined(separator: ", "))); it was dropped")
            return
        }
        let json: JSONValue
        do {
            json = try ValueBridge.jsonValue(payload)
        } catch {
            logger.warning("plugin \(module.plugin): module \(module.name) sent the event '\(event)' with a value at '\(error.path)' that JSON cannot carry (a \(error.typeName)); it was dropped")
            return
        }
        broadcast(method: "moduleEvent", params: ["module": .string(module.name), "event": .string(event), "payload": json])
    }
}
