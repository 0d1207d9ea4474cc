import ModhostWire

/// `modhost codegen ts`: a TypeScript module (`modifiers.js`, an ES module) and its
/// declarations (`modifiers.d.ts`) from a `describe` result. No I/O: the caller writes the
/// files. The rules are documented in docs/codegen.md.
///
/// Per modifier type `T` (stem `t`, PascalCase `P`, see `TypeScriptNames`): `PParams` (its
/// params minus `$type`), `PEvent` when the plugin declares the event payload, `PModifier`
/// (the config the JS client accepts) and the factory `t(params?, listener?)`. Per module `M`:
/// `MFunctions`, `MEvents`, `MModule` and `requireMModule(connection)`.
///
/// With `usesClientHelpers` (the default), a type the JS client has a hand-written helper for
/// (`ClientNames.helpers`, served by the bundled plugin it was written for) gets no factory of
/// its own: the client's helper, and the client's types of the derived names, are re-exported;
/// and no other generated name equals a name the client exports. So importing from the client
/// and from the generated module never clashes.
public struct TypeScriptGenerator {
    /// The module specifier the output imports the JS client from.
    public var clientImport = "@modhost/client"
    /// Named in the header comment, so a reader knows where the files came from.
    public var generatorName = "modhost codegen ts"

    /// Re-export the JS client's helpers for the bundled plugins' types and keep off the
    /// client's names (see the type's comment). Off: a factory for every type, named by the
    /// rule alone (what `CodegenTests` compares the client's hand-written types against).
    public var usesClientHelpers = true

    public static let moduleFile = "modifiers.js"
    public static let declarationFile = "modifiers.d.ts"

    /// Members a native module object answers itself (the JS client's `nativeModuleProxy`),
    /// so a module function with one of these names cannot be called as a member.
    public static let moduleObjectMembers: Set<String> = [
        "moduleName", "addListener", "removeListener", "removeAllListeners", "listenerCount", "emit", "toString",
        "then", "catch", "finally", "toJSON", "constructor", "inspect", "asymmetricMatch", "$$typeof", "nodeType",
    ]

    public init() {}

    /// File name → text, for a `describe` result.
    public func files(describeResult: JSONValue) throws(CodegenError) -> [String: String] {
        try files(for: DescribeModel(describeResult: describeResult))
    }

    /// The client's helper for `modifier`, when the output re-exports it.
    func clientHelper(for modifier: ModifierDescription) -> ClientNames.Helper? {
        guard usesClientHelpers else { return nil }
        return ClientNames.helpers.first { $0.type == modifier.type && $0.plugin == modifier.plugin }
    }

    /// The client's hand-written types of `module`, when the output re-exports them.
    func clientModule(for module: ModuleDescription) -> ClientNames.Module? {
        guard usesClientHelpers else { return nil }
        return ClientNames.modules.first { $0.name == module.name && $0.plugin == module.plugin }
    }

    public func files(for model: DescribeModel) throws(CodegenError) -> [String: String] {
        let clientNames = usesClientHelpers ? ClientNames.reserved : []
        // The client's own modules and helpers keep the client's names; the rest keep off them.
        var moduleStems = TypeScriptNames.identifiers(
            for: model.modules.filter { clientModule(for: $0) == nil }.map(\.name), avoiding: clientNames)
        for module in model.modules where clientModule(for: module) != nil {
            moduleStems[module.name] = TypeScriptNames.stem(of: module.name)
        }
        // Factories share the file's export namespace with the module accessors.
        let accessors = Set(moduleStems.values.map { "require\(TypeScriptNames.upperFirst($0))Module" })
        let generatedModifiers = model.modifiers.filter { clientHelper(for: $0) == nil }
        let modifierStems = TypeScriptNames.identifiers(for: generatedModifiers.map(\.type), avoiding: accessors.union(clientNames))

        var declarations = header(model) + [
            "import type * as $client from \(quoted(clientImport));",
            "import type { JSONValue } from \(quoted(clientImport));",
            "",
            "/** Any JSON value (the client's type). */",
            "export type { JSONValue };",
            "",
            "/**",
            " * A colour, checked by the host: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA` (alpha last, `#`",
            " * optional), `rgb()`/`rgba()`, or a CSS or SwiftUI colour name. A plain string: a template",
            " * literal type cannot tell hex digits from other letters or list every colour name without",
            " * refusing colours the host accepts.",
            " */",
            "export type ColorValue = string;",
        ]
        var script = header(model)
        if !generatedModifiers.isEmpty {
            script.append("import { modifierHelper as $modifierHelper } from \(quoted(clientImport));")
        }
        if !model.views.isEmpty {
            script.append("import { nativeViewHelper as $nativeViewHelper } from \(quoted(clientImport));")
        }

        if !model.modifiers.isEmpty {
            declarations += ["", "// " + String(repeating: "-", count: 64) + " modifier types"]
            script += ["", "// " + String(repeating: "-", count: 64) + " modifier types"]
        }
        for (index, modifier) in model.modifiers.enumerated() {
            if let helper = clientHelper(for: modifier) {
                let (types, function) = reexport(helper)
                declarations += [""] + types
                script += [""] + function
                continue
            }
            let stem = modifierStems[modifier.type]!
            let (types, function) = try modifierDeclarations(modifier, stem: stem, at: "modifiers[\(index)]")
            declarations += [""] + types
            script += [""] + function
        }
        if !model.modules.isEmpty {
            declarations += ["", "// " + String(repeating: "-", count: 64) + " native modules"]
            script += ["", "// " + String(repeating: "-", count: 64) + " native modules"]
        }
        for (index, module) in model.modules.enumerated() {
            let (types, function) = try moduleDeclarations(
                module, stem: moduleStems[module.name]!, clientTypes: clientModule(for: module)?.types ?? [], at: "modules[\(index)]")
            declarations += [""] + types
            script += [""] + function
        }
        if !model.views.isEmpty {
            declarations += ["", "// " + String(repeating: "-", count: 64) + " plugin views"]
            script += ["", "// " + String(repeating: "-", count: 64) + " plugin views"]
        }
        let taken = accessors.union(clientNames).union(modifierStems.values)
        // A view's helper is named like a component: the stem of its name, first letter up.
        let viewKeys = model.views.map { TypeScriptNames.upperFirst(TypeScriptNames.stem(of: $0.name)) }
        let viewStems = TypeScriptNames.identifiers(for: viewKeys, avoiding: taken)
        for (index, view) in model.views.enumerated() {
            let stem = viewStems[viewKeys[index]]!
            let (types, function) = try viewDeclarations(view, stem: stem, at: "viewInfo[\(index)]")
            declarations += [""] + types
            script += [""] + function
        }
        return [Self.declarationFile: declarations.joined(separator: "\n") + "\n", Self.moduleFile: script.joined(separator: "\n") + "\n"]
    }

    // MARK: plugin views

    /// `PProps` (the props record's fields, and each event as an optional function of
    /// `{nativeEvent}`) and the helper `P`, as `connection.requireNativeView` would give it.
    private func viewDeclarations(_ view: ViewDescription, stem: String, at path: String) throws(CodegenError) -> (types: [String], function: [String]) {
        var schemas = SchemaTypeScript()
        // A slot that takes text lists it in the props schema; its member below covers both.
        schemas.omittedKeys = Set(view.slots)
        let propsName = "\(stem)Props"
        let propsType = try schemas.type(of: view.props, at: path + ".props")
        var lines = [DocComment.escapedLineComment("// ---- view \(view.name) (plugin \(view.plugin), module \(view.module))"), ""]
        lines += DocComment.lines(["The props of the `\(view.name)` view, its slots (a node, or text where the slot takes it), and its events, each called with `{nativeEvent}`."], indent: "")
        let textSlots = Set(view.slots.filter { view.props["properties"]?[$0] != nil })
        var events = view.slots.map { "  \(schemas.propertyName($0))?: $client.Node\(textSlots.contains($0) ? " | string" : "") | null;" }
        events += view.events.map { "  \(schemas.propertyName($0))?: (event: $client.NativeViewEvent) => void;" }
        lines.append("export type \(propsName) = \(propsType)" + (events.isEmpty ? ";" : " & {\n" + events.joined(separator: "\n") + "\n};"))
        let doc = DocComment.lines([
            "The `\(view.name)` view of plugin \(view.plugin) (Swift `\(view.typeName)`), as",
            "`connection.requireNativeView(\(view.module.jsonQuoted), \(view.typeName.jsonQuoted))` gives it.",
        ], indent: "")
        lines += doc
        lines.append("export declare const \(stem): $client.NativeViewHelper<\(propsName)>;")
        return (lines, doc + ["export const \(stem) = $nativeViewHelper(\(view.name.jsonQuoted));"])
    }

    // MARK: modifier types

    /// The client's helper for a bundled type, and those of its types the client has.
    private func reexport(_ helper: ClientNames.Helper) -> (types: [String], function: [String]) {
        let doc = DocComment.lines([
            "The `\(helper.type)` modifier of plugin \(helper.plugin): the JS client's own helper `\(helper.name)`,",
            "re-exported, so that this module and the client agree on its name and signature.",
        ], indent: "")
        let comment = DocComment.escapedLineComment("// ---- \(helper.type) (plugin \(helper.plugin)): the JS client's helper")
        var types = [comment, ""] + doc + ["export { \(helper.name) } from \(quoted(clientImport));"]
        if !helper.types.isEmpty {
            types.append("export type { \(helper.types.joined(separator: ", ")) } from \(quoted(clientImport));")
        }
        return (types, [comment, ""] + doc + ["export { \(helper.name) } from \(quoted(clientImport));"])
    }

    func modifierDeclarations(_ modifier: ModifierDescription, stem: String, at path: String) throws(CodegenError) -> (types: [String], function: [String]) {
        let pascal = TypeScriptNames.upperFirst(stem)
        var schemas = SchemaTypeScript()
        schemas.omittedKeys = ["$type"]
        let typeLiteral = quoted(modifier.type)
        let paramsName = "\(pascal)Params", modifierName = "\(pascal)Modifier", eventName = "\(pascal)Event"

        let paramsSchema = modifier.params.objectValue ?? JSONObject()
        let members = try schemas.members(of: paramsSchema, at: path + ".params")
        let hasParams = !members.isEmpty
        let paramsType = try hasParams
            ? schemas.type(of: .object(paramsSchema), at: path + ".params")
            // No params: any member given would be refused by the host as unknown.
            : "{ [key: string]: never }"

        var lines = [DocComment.escapedLineComment("// ---- \(modifier.type) (plugin \(modifier.plugin))"), ""]
        lines += DocComment.lines(["The params of the `\(modifier.type)` modifier."], indent: "")
        lines.append("export type \(paramsName) = \(paramsType);")
        var configMembers = "$type: \(typeLiteral)"
        var listenerParameter: String? = nil
        if let event = modifier.event {
            var eventSchemas = SchemaTypeScript()
            eventSchemas.omittedKeys = []
            let eventType = try eventSchemas.type(of: event, at: path + ".event")
            lines += DocComment.lines(
                ["What the `\(modifier.type)` modifier dispatches, under its type: `{\(modifier.type.jsonQuoted): \(eventName)}`."]
                    + (event["description"]?.stringValue.map { [$0] } ?? []), indent: "")
            lines.append("export type \(eventName) = \(eventType);")
            configMembers += "; eventListener?: $client.EventListener<\(eventName)>"
            listenerParameter = "listener?: $client.EventListener<\(eventName)>"
        }
        lines += DocComment.lines(["A `\(modifier.type)` modifier config, as `\(stem)()` builds it."], indent: "")
        lines.append("export type \(modifierName) = { \(configMembers) }\(hasParams ? " & \(paramsName)" : "");")

        var doc = modifier.description.map { [$0, ""] } ?? []
        doc.append("The `\(modifier.type)` modifier of plugin \(modifier.plugin)." + (modifier.event == nil ? "" : " `listener` receives its events."))
        let parameters = try factoryParameters(modifier, members: members, paramsName: paramsName, schemas: schemas, at: path)
            + (listenerParameter.map { [$0] } ?? [])
        lines += DocComment.lines(doc, indent: "")
        lines.append("export declare function \(stem)(\(parameters.joined(separator: ", "))): \(modifierName);")

        let name = stem == modifier.type ? "" : ", \(quoted(stem))"
        let function = DocComment.lines(doc, indent: "") + [
            "export const \(stem) = $modifierHelper(\(typeLiteral), \(Self.helperSpec(of: modifier).jsonText)\(name));",
        ]
        return (lines, function)
    }

    /// The factory's parameters, as its `arguments` declare them (without: one options
    /// object). An argument is optional (`?`) when none of the keys it sets is required and
    /// no later one is required either; a later required one makes it `T | undefined`.
    private func factoryParameters(
        _ modifier: ModifierDescription, members: [(key: String, schema: JSONValue, required: Bool)], paramsName: String,
        schemas: SchemaTypeScript, at path: String
    ) throws(CodegenError) -> [String] {
        let required = Set(members.filter(\.required).map(\.key))
        guard let arguments = modifier.arguments else {
            // One options object; a type without params takes nothing (`bold()`).
            return members.isEmpty ? [] : ["params\(required.isEmpty ? "?" : ""): \(paramsName)"]
        }
        let byKey = Dictionary(members.map { ($0.key, $0.schema) }, uniquingKeysWith: { first, _ in first })
        // An object argument takes any param no value argument before it sets.
        func objectKeys(at index: Int) -> (keys: [String], type: String) {
            let before = arguments.prefix(index).flatMap { argument -> [String] in
                if case let .value(keys) = argument { return keys }
                return []
            }
            let keys = members.map(\.key).filter { !before.contains($0) }
            return (keys, before.isEmpty ? paramsName : "Omit<\(paramsName), \(before.map(\.jsonQuoted).joined(separator: " | "))>")
        }
        var used: Set<String> = []
        func parameterName(_ key: String, index: Int) -> String {
            let name = TypeScriptNames.isPlainPropertyName(key) && !TypeScriptNames.reservedWords.contains(key) && !used.contains(key)
                ? key : "arg\(index)"
            used.insert(name)
            return name
        }
        func valueType(_ keys: [String], at index: Int) throws(CodegenError) -> String {
            guard let schema = byKey[keys[0]] else {
                throw CodegenError(path: "\(path).arguments[\(index)].keys[0]", expected: "a key of the params", got: keys[0].jsonQuoted)
            }
            return try schemas.type(of: schema, at: "\(path).params.properties.\(keys[0])")
        }
        var entries: [(name: String, type: String, needed: Bool)] = []
        for (index, argument) in arguments.enumerated() {
            switch argument {
            case let .value(keys):
                entries.append((parameterName(keys[0], index: index), try valueType(keys, at: index), keys.contains(where: required.contains)))
            case .options:
                let object = objectKeys(at: index)
                entries.append((parameterName("options", index: index), object.type, object.keys.contains(where: required.contains)))
            case let .valueOrOptions(keys):
                // Its object may leave out what a later argument sets (`environment({key, value})`
                // or `environment(key, value)`), so every member is optional.
                entries.append((parameterName(keys[0], index: index), "\(try valueType(keys, at: index)) | Partial<\(objectKeys(at: index).type)>", keys.contains(where: required.contains)))
            }
        }
        var laterNeeded = false
        var parameters: [String] = []
        for entry in entries.reversed() {
            if entry.needed {
                parameters.append("\(entry.name): \(entry.type)")
            } else if laterNeeded {
                parameters.append("\(entry.name): \(entry.type) | undefined")
            } else {
                parameters.append("\(entry.name)?: \(entry.type)")
            }
            laterNeeded = laterNeeded || entry.needed
        }
        return parameters.reversed()
    }

    /// What `modifierHelper` makes a helper from (`ModifierHelperSpec` in the client): the
    /// params schema cut to what checks values, the declared arguments, and whether the type
    /// has an event.
    static func helperSpec(of modifier: ModifierDescription) -> JSONValue {
        var spec = JSONObject()
        spec["params"] = validationSchema(modifier.params, omitting: ["$type"])
        if let arguments = modifier.arguments { spec["arguments"] = .array(arguments.map(\.jsonValue)) }
        if modifier.event != nil { spec["event"] = true }
        return .object(spec)
    }

    /// The parts of a schema a helper checks values with (types, enums, bounds, nesting),
    /// without descriptions, defaults and titles, which only people read.
    static func validationSchema(_ schema: JSONValue, omitting omitted: Set<String> = []) -> JSONValue {
        switch schema {
        case let .object(object):
            var kept = JSONObject()
            for (key, value) in object {
                switch key {
                case "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "format":
                    kept[key] = value
                case "anyOf", "oneOf":
                    kept["anyOf"] = .array((value.arrayValue ?? []).map { validationSchema($0) })
                case "items", "additionalProperties":
                    kept[key] = validationSchema(value)
                case "properties":
                    var properties = JSONObject()
                    for (name, property) in value.objectValue ?? JSONObject() where !omitted.contains(name) {
                        properties[name] = validationSchema(property)
                    }
                    kept[key] = .object(properties)
                case "required":
                    let names = (value.arrayValue ?? []).filter { !omitted.contains($0.stringValue ?? "") }
                    if !names.isEmpty { kept[key] = .array(names) }
                default:
                    break
                }
            }
            return .object(kept)
        default:
            return schema
        }
    }

    // MARK: modules

    private func moduleDeclarations(
        _ module: ModuleDescription, stem: String, clientTypes: [String], at path: String
    ) throws(CodegenError) -> (types: [String], function: [String]) {
        let pascal = TypeScriptNames.upperFirst(stem)
        let functionsName = "\(pascal)Functions", eventsName = "\(pascal)Events", moduleName = "\(pascal)Module"
        let accessor = "require\(pascal)Module"
        let schemas = SchemaTypeScript()
        var lines = [DocComment.escapedLineComment("// ---- module \(module.name) (plugin \(module.plugin))"), ""]
        if !clientTypes.isEmpty {
            lines += DocComment.lines(["The JS client's own types of module `\(module.name)`, re-exported."], indent: "")
            lines.append("import type { \(clientTypes.joined(separator: ", ")) } from \(quoted(clientImport));")
            lines.append("export type { \(clientTypes.joined(separator: ", ")) };")
        }

        var members: [String] = []
        var unreachable: [String] = []
        for (index, function) in module.functions.enumerated() {
            let at = "\(path).functions[\(index)]"
            guard !Self.moduleObjectMembers.contains(function.name) else {
                unreachable.append(function.name)
                continue
            }
            var parameters: [String] = []
            for (position, argument) in function.arguments.enumerated() {
                parameters.append("arg\(position): \(try schemas.type(of: argument, at: "\(at).arguments[\(position)]", indent: 2))")
            }
            let result = try function.result.map { (schema) throws(CodegenError) in try schemas.type(of: schema, at: at + ".result", indent: 2) } ?? "null"
            var doc = function.description.map { [$0, ""] } ?? []
            doc.append("`\(module.name).\(function.name)` (\(function.isAsync ? "async" : "sync") on the host)\(function.result == nil ? "; resolves with null" : "").")
            members += DocComment.lines(doc, indent: "  ")
            members.append("  \(schemas.propertyName(function.name))(\(parameters.joined(separator: ", "))): Promise<\(result)>;")
        }
        var functionsDoc = ["The functions of module `\(module.name)`: each call is `host.callFunction(\(module.name.jsonQuoted), name, args)`."]
        if !unreachable.isEmpty {
            functionsDoc.append("Not members, since a module object answers these names itself: "
                + unreachable.map { "`\($0)`" }.joined(separator: ", ") + "; call them with `host.callFunction`.")
        }
        if !clientTypes.contains(functionsName) {
            lines += DocComment.lines(functionsDoc, indent: "")
            lines.append(members.isEmpty ? "export type \(functionsName) = {};" : "export type \(functionsName) = {\n" + members.joined(separator: "\n") + "\n};")
        }

        var events: [String] = []
        for (index, event) in module.events.enumerated() {
            let payload = try event.payload.map { (schema) throws(CodegenError) in
                try schemas.type(of: schema, at: "\(path).events[\(index)].payload", indent: 2)
            } ?? "JSONValue"
            events.append("  \(schemas.propertyName(event.name)): (payload: \(payload)) => void;")
        }
        if !clientTypes.contains(eventsName) {
            lines += DocComment.lines(["The events of module `\(module.name)`, for `addListener` (payloads the plugin does not declare are any JSON)."], indent: "")
            lines.append(events.isEmpty ? "export type \(eventsName) = {};" : "export type \(eventsName) = {\n" + events.joined(separator: "\n") + "\n};")
        }
        if !clientTypes.contains(moduleName) {
            lines += DocComment.lines(["Module `\(module.name)` as `connection.requireNativeModule(\(module.name.jsonQuoted))` returns it."], indent: "")
            lines.append("export type \(moduleName) = $client.NativeModule<\(functionsName), \(eventsName)>;")
        }
        let doc = DocComment.lines(["Module `\(module.name)` of plugin \(module.plugin), typed: `connection.requireNativeModule(\(module.name.jsonQuoted))`."], indent: "")
        lines += doc
        lines.append("export declare function \(accessor)(connection: $client.Connection): \(moduleName);")
        let function = doc + ["export function \(accessor)(connection) {\n  return connection.requireNativeModule(\(module.name.jsonQuoted));\n}"]
        return (lines, function)
    }

    // MARK: text

    private func header(_ model: DescribeModel) -> [String] {
        var plugins: [String] = []
        for name in model.modifiers.map(\.plugin) + model.modules.map(\.plugin) where !name.isEmpty && !plugins.contains(name) {
            plugins.append(name)
        }
        return [
            "// Generated by `\(generatorName)` from the params schemas of the modifier types and the",
            "// modules of plugins: \(plugins.sorted(by: TypeScriptNames.precedes).joined(separator: ", ")).",
            "// Do not edit; generate it again. Names follow the rule in docs/codegen.md.",
            "",
        ].map(DocComment.escapedLineComment)
    }

    private func quoted(_ text: String) -> String { text.jsonQuoted }
}

extension String {
    /// The string as a JSON (and so JavaScript) string literal.
    var jsonQuoted: String { JSONValue.string(self).jsonText }
}

extension DocComment {
    /// A `//` comment ends at a line break: a plugin name must not start code.
    static func escapedLineComment(_ line: String) -> String {
        String(line.map { $0.isNewline ? " " : $0 })
    }
}
