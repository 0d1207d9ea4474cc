@_spi(ModhostHost) import ModhostCore
import ModhostWire
import Testing

@Suite("Surface: unknown props", .timeLimit(.minutes(20)))
struct UnknownPropTests {
    private let misspelt: JSONValue = [
        "type": "List", "children": [["type": "HStack", "key": "r", "props": ["alignmnt": "center", "spacing": 4]]],
    ]

    @Test func aPropTheViewDoesNotListIsKeptAndReportedWithItsPathAndTheNameItMeant() throws {
        let client = try SurfaceClient.initialized()
        let answer = try client.mount("main", misspelt)
        try client.ok(answer)
        let warnings = answer.diagnostics.filter { $0["code"] == "unknown-prop" }
        #expect(warnings.count == 1, "\(answer.diagnostics)")
        let warning = try #require(warnings.first)
        #expect(warning["severity"] == "warning")
        #expect(warning["surface"] == "main")
        #expect(warning["node"] == "r")
        #expect(warning["path"] == "root.children[0].props.alignmnt")
        #expect(warning["key"] == "alignmnt")
        #expect(warning["suggestion"] == "alignment")
        #expect(warning["known"] == ["alignment", "spacing", "testID"])
        #expect(warning["message"]?.stringValue?.contains("is not a prop of HStack") == true)
        // Kept as sent.
        #expect(surfaceChild(try client.root(), 0)?["props"] == ["alignmnt": "center", "spacing": 4])
    }

    @Test func itIsReportedOnceNotOnEveryUpdateThatKeepsTheProps() throws {
        let client = try SurfaceClient.initialized()
        try client.ok(try client.mount("main", misspelt))
        let same = try client.update("main", misspelt)
        #expect(same.diagnostics.filter { $0["code"] == "unknown-prop" }.isEmpty, "\(same.diagnostics)")
        let changed: JSONValue = ["type": "List", "children": [["type": "HStack", "key": "r", "props": ["alignmnt": "top"]]]]
        #expect(try client.update("main", changed).diagnostics.filter { $0["code"] == "unknown-prop" }.count == 1)
    }

    @Test func everyViewsListedPropsPassWithoutAWord() throws {
        let client = try SurfaceClient.initialized()
        let tree: JSONValue = [
            "type": "List", "props": ["listStyle": "plain"],
            "children": [
                ["type": "Section", "props": ["title": "T", "header": "H", "footer": "F"], "children": [
                    ["type": "VStack", "props": ["alignment": "leading", "spacing": 2], "children": [
                        ["type": "Text", "props": ["text": "a", "size": 12, "weight": "bold", "design": "rounded", "color": "red", "lineLimit": 2]],
                        ["type": "Label", "props": ["title": "l", "systemImage": "star", "color": "blue"]],
                        ["type": "Image", "props": ["systemName": "star", "size": 10, "color": "red"]],
                        ["type": "Button", "props": ["label": "b", "role": "destructive", "systemImage": "trash"]],
                        ["type": "Spacer", "props": ["minLength": 4]],
                        ["type": "TextField", "props": ["defaultValue": "x", "placeholder": "p"]],
                        ["type": "Toggle", "props": ["isOn": true, "label": "t"]],
                        ["type": "Slider", "props": ["value": 0.5, "min": 0, "max": 1, "step": 0.1]],
                        ["type": "ZStack", "props": ["alignment": "center"]],
                        ["type": "ScrollView", "props": ["axes": "vertical", "showsIndicators": false]],
                    ]],
                ]],
            ],
        ]
        let answer = try client.mount("main", tree)
        try client.ok(answer)
        #expect(answer.diagnostics.isEmpty, "\(answer.diagnostics)")
    }

    @Test func strictParamsMakeItAnErrorThatChangesNothing() throws {
        let client = SurfaceClient(host: Host(registry: .tests))
        _ = try client.call("initialize", ["protocolVersion": 1, "strictParams": true])
        let answer = try client.mount("main", misspelt)
        #expect(answer.errorCode == -32602)
        #expect(answer.errorPath == "root.children[0].props.alignmnt")
        #expect(answer.error?["data"]?["suggestion"] == "alignment")
        #expect(try client.snapshot("main").errorCode != nil, "no surface was made")
    }
}
