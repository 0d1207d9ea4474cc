#!/usr/bin/env python3
# Writes the conformance vector files of this folder. Edit here, then run it; the JSON files are what the runner reads.
# `generate.py DIR` writes them into DIR instead (Tests/ConformanceTests checks that the committed files are its output).
import json, os, sys
OUT=sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
files={}
def V(file, name, steps, init=False, **kw):
    v={"name":name}
    if init: v["initialize"]=init if isinstance(init,list) else True
    v.update(kw); v["steps"]=steps
    files.setdefault(file,[]).append(v)
def req(id, method, params=None, **extra):
    m={"jsonrpc":"2.0","id":id,"method":method}
    if params is not None: m["params"]=params
    m.update(extra); return m
def note(method, params=None):
    m={"jsonrpc":"2.0","method":method}
    if params is not None: m["params"]=params
    return m
def send(m, **kw): d={"send":m}; d.update(kw); return d
def ok(id, result=None):
    return {"expect":{"jsonrpc":"2.0","id":id,"result":{"$any":True} if result is None else result}}
def err(id, code, data=None, exact_data=False):
    e={"code":code,"message":{"$type":"string"}}
    if data is not None: e["data"]={"$exact":data} if exact_data else data
    return {"expect":{"jsonrpc":"2.0","id":id,"error":e}}
def call(id, method, params=None, result=None):
    return [send(req(id,method,params)), ok(id,result)]
def fails(id, method, params, code, data=None):
    return [send(req(id,method,params)), err(id,code,data)]
QUIET={"quiet":150}
# The views and the modifier types of a host with its bundled plugins (SwipeActions, ExpoUI), sorted by type.
# A host may have more plugins (user plugins) and connections (a watcher, an inspector) and still conform: vectors
# check that what they are about is there ({"$includes": [...]}, each matcher an element of its own), not whole
# lists. The few that check a whole list say requires="controlled-host": they run on a host the runner starts
# (--spawn) and are skipped against --socket.
CONTROLLED="controlled-host"
HOST_VIEWS=["List","Section","HStack","VStack","ZStack","Text","Label","Image","Button","Spacer","ScrollView","TextField","Toggle","Slider"]
# The views the bundled plugins add after the host's own, in `initialize`'s order, as `modhost codegen client`
# writes them from the plugins' descriptions.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "bundled-views.json")) as _views:
    BUNDLED_VIEWS=json.load(_views)
VIEWS=HOST_VIEWS+BUNDLED_VIEWS["ExpoUI"]+BUNDLED_VIEWS["SwipeActions"]
# The types each bundled plugin serves, as `modhost codegen client` writes them from the
# plugins' own descriptions (docs/codegen.md): adding a modifier to a bundled plugin changes
# that file, not this one.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures", "bundled-types.json")) as _served:
    BUNDLED_TYPES=json.load(_served)
EXPOUI_TYPES=BUNDLED_TYPES["ExpoUI"]
TYPES=sorted(EXPOUI_TYPES+BUNDLED_TYPES["SwipeActions"])
def hexframe(text):
    b=text.encode() if isinstance(text,str) else text
    return (len(b).to_bytes(4,"big")+b).hex()
PING='{"jsonrpc":"2.0","id":1,"method":"ping"}'
PONG={"jsonrpc":"2.0","id":1,"result":{"$exact":{}}}

# ---------------- framing ----------------
F="framing"
V(F,"worked example bytes", [{"sendRaw":"00 00 00 28 7b 22 6a 73 6f 6e 72 70 63 22 3a 22 32 2e 30 22 2c 22 69 64 22 3a 31 2c 22 6d 65 74 68 6f 64 22 3a 22 70 69 6e 67 22 7d"},{"expect":PONG}])
V(F,"non-ASCII id counts bytes", [{"sendRaw":hexframe('{"jsonrpc":"2.0","id":"é","method":"ping"}')},{"expect":{"id":"é","result":{}}}])
V(F,"one byte per write", [send(json.loads(PING), chunk=1),{"expect":PONG}])
V(F,"header split from payload", [{"sendSplit":[hexframe(PING)[:8], hexframe(PING)[8:]]},{"expect":PONG}])
V(F,"header itself split", [{"sendSplit":[hexframe(PING)[:2], hexframe(PING)[2:6], hexframe(PING)[6:]]},{"expect":PONG}])
V(F,"payload split in three", [{"sendSplit":[hexframe(PING)[:20], hexframe(PING)[20:50], hexframe(PING)[50:]]},{"expect":PONG}])
V(F,"three frames in one write answered in order", [{"sendFrames":[req("p1","ping"),req("p2","ping"),req("p3","nope")]},ok("p1",{}),ok("p2",{}),err("p3",-32601,{"method":"nope"})])
V(F,"frame and a half in one write", [{"sendSplit":[hexframe(PING)+hexframe('{"jsonrpc":"2.0","id":2,"method":"ping"}')[:10], hexframe('{"jsonrpc":"2.0","id":2,"method":"ping"}')[10:]]},{"expect":PONG},ok(2,{})])
V(F,"whitespace around the payload", [{"sendText":'  \n{"jsonrpc":"2.0","id":3,"method":"ping"}\t '},ok(3,{})])
V(F,"zero length closes with frame-size", [{"sendRaw":"00000000"},err(None,-32600,{"reason":"frame-size","length":0,"limit":16777216}),{"expectClose":True}])
V(F,"4 GiB header closes with frame-size", [{"sendRaw":"ffffffff"},err(None,-32600,{"reason":"frame-size","length":4294967295,"limit":16777216}),{"expectClose":True}])
V(F,"just over the limit closes", [{"sendRaw":"01000001"},err(None,-32600,{"reason":"frame-size","length":16777217,"limit":16777216}),{"expectClose":True}])
V(F,"frame-size error has no path", [{"sendRaw":"00000000"},{"expect":{"id":None,"error":{"code":-32600,"data":{"path":{"$absent":True}}}}},{"expectClose":True}])
V(F,"frames before a bad header are answered", [{"sendRaw":hexframe(PING)+"00000000"},{"expect":PONG},err(None,-32600,{"reason":"frame-size"}),{"expectClose":True}])
V(F,"bytes after a bad header are not read", [{"sendRaw":"ffffffff"+hexframe(PING)},err(None,-32600,{"reason":"frame-size"}),{"expectClose":True}])
V(F,"invalid UTF-8 is a parse error", [{"sendRaw":hexframe(b'{"jsonrpc":"2.0","id":1,"method":"\xff"}')},err(None,-32700,{"$absent":True}),send(req(2,"ping")),ok(2,{})])
V(F,"overlong UTF-8 is a parse error", [{"sendRaw":hexframe(b'"\xc0\xaf"')},err(None,-32700),send(req(2,"ping")),ok(2,{})])
V(F,"UTF-16 surrogate bytes are a parse error", [{"sendRaw":hexframe(b'"\xed\xa0\x80"')},err(None,-32700),send(req(2,"ping")),ok(2,{})])
V(F,"byte order mark is a parse error", [{"sendRaw":hexframe(b'\xef\xbb\xbf'+PING.encode())},err(None,-32700),send(req(2,"ping")),ok(2,{})])
V(F,"truncated JSON keeps the connection", [{"sendText":'{"jsonrpc":"2.0",'},err(None,-32700,{"$absent":True}),send(req(2,"ping")),ok(2,{})])
V(F,"two JSON values in one frame", [{"sendText":'{} {}'},err(None,-32700),send(req(2,"ping")),ok(2,{})])
V(F,"parse error even for a would-be notification", [{"sendText":'{"jsonrpc":"2.0","method":"ping",}'},err(None,-32700)])
V(F,"trailing comma in array", [{"sendText":'[1,2,]'},err(None,-32700)])
V(F,"single quotes are not JSON", [{"sendText":"{'a':1}"},err(None,-32700)])
V(F,"NaN is not JSON", [{"sendText":'{"jsonrpc":"2.0","id":NaN,"method":"ping"}'},err(None,-32700)])
V(F,"leading zero is not JSON", [{"sendText":'{"jsonrpc":"2.0","id":01,"method":"ping"}'},err(None,-32700)])
V(F,"unescaped control character", [{"sendText":'{"jsonrpc":"2.0","id":"a\u0001b","method":"ping"}'},err(None,-32700)])
V(F,"lone surrogate escape", [{"sendText":'{"jsonrpc":"2.0","id":"\\ud800","method":"ping"}'},err(None,-32700)])
V(F,"nesting over 512 is a parse error", [{"sendText":"["*600+"]"*600},err(None,-32700),send(req(2,"ping")),ok(2,{})])
V(F,"nesting of 500 is fine JSON", [{"sendText":'{"jsonrpc":"2.0","id":5,"method":"ping","x":'+"["*500+"]"*500+'}'},ok(5,{})])
V(F,"several parse errors in a row", [{"sendFrames":["{","[","}"]},err(None,-32700),err(None,-32700),err(None,-32700),send(req(4,"ping")),ok(4,{})])
V(F,"escaped unicode id echoed", [{"sendText":'{"jsonrpc":"2.0","id":"\\u00e9\\ud83d\\ude00","method":"ping"}'},ok("é😀",{})])

# ---------------- jsonrpc ----------------
J="jsonrpc"
V(J,"integer id", call(7,"ping",None,{}))
V(J,"string id", call("abc","ping",None,{}))
V(J,"empty string id", call("","ping",None,{}))
V(J,"negative id", call(-12,"ping",None,{}))
V(J,"large integer id digit for digit", [{"sendText":'{"jsonrpc":"2.0","id":9223372036854775807,"method":"ping"}'},{"expect":{"id":9223372036854775807,"result":{}}}])
V(J,"fractional id same value", [{"sendText":'{"jsonrpc":"2.0","id":1.50,"method":"ping"}'},ok(1.5,{})])
V(J,"exponent id same value", [{"sendText":'{"jsonrpc":"2.0","id":1e2,"method":"ping"}'},ok(100.0,{})])
V(J,"null id is answered with null", call(None,"ping",None,{}))
V(J,"boolean id is invalid", [send(req(True,"ping")),err(None,-32600,{"path":"id","expected":"string, number or null","got":"boolean"})])
V(J,"object id is invalid", [send(req({"a":1},"ping")),err(None,-32600,{"path":"id","got":"object"})])
V(J,"array id is invalid", [send(req([1],"ping")),err(None,-32600,{"path":"id","got":"array"})])
V(J,"missing jsonrpc", [send({"id":5,"method":"ping"}),err(5,-32600,{"path":"jsonrpc","expected":"\"2.0\"","got":"nothing"})])
V(J,"wrong jsonrpc version", [send({"jsonrpc":"1.0","id":5,"method":"ping"}),err(5,-32600,{"path":"jsonrpc","got":"\"1.0\""})])
V(J,"numeric jsonrpc", [send({"jsonrpc":2.0,"id":5,"method":"ping"}),err(5,-32600,{"path":"jsonrpc"})])
V(J,"missing method", [send({"jsonrpc":"2.0","id":6}),err(6,-32600,{"path":"method","got":"nothing"})])
V(J,"numeric method", [send({"jsonrpc":"2.0","id":6,"method":1}),err(6,-32600,{"path":"method","expected":"string","got":"number"})])
V(J,"params null is invalid", [send({"jsonrpc":"2.0","id":7,"method":"ping","params":None}),err(7,-32600,{"path":"params","expected":"object or array","got":"null"})])
V(J,"params string is invalid", [send(req(7,"ping","x")),err(7,-32600,{"path":"params","got":"string"})])
V(J,"params number is invalid", [send(req(7,"ping",3)),err(7,-32600,{"path":"params","got":"number"})])
V(J,"id checked before jsonrpc", [send({"id":True,"method":"ping"}),err(None,-32600,{"path":"id"})])
V(J,"jsonrpc checked before method", [send({"id":3}),err(3,-32600,{"path":"jsonrpc"})])
V(J,"method checked before params", [send({"jsonrpc":"2.0","id":3,"params":None}),err(3,-32600,{"path":"method"})])
V(J,"message not an object", [{"sendText":"42"},err(None,-32600,{"path":"","expected":"object","got":"number"})])
V(J,"string message", [{"sendText":'"hello"'},err(None,-32600,{"path":"","got":"string"})])
V(J,"null message", [{"sendText":'null'},err(None,-32600,{"path":""})])
V(J,"broken envelope without id is answered", [send({"jsonrpc":"2.0","method":"ping","params":None}),err(None,-32600,{"path":"params"})])
V(J,"unknown envelope members ignored", call(8,"ping",None,{}) if False else [send(req(8,"ping",extra="x")),ok(8,{})])
V(J,"repeated member keeps last value", [{"sendText":'{"jsonrpc":"2.0","id":1,"id":2,"method":"nope","method":"ping"}'},ok(2,{})])
V(J,"member names are case-sensitive", [send({"jsonrpc":"2.0","id":9,"Method":"ping"}),err(9,-32600,{"path":"method"})])
V(J,"notification ping not answered", [send(note("ping")),QUIET])
V(J,"notification unknown method not answered", [send(note("nope")),QUIET])
V(J,"notification before initialize not answered", [send(note("describe")),QUIET])
V(J,"notification with bad params not answered", [send(note("ping",{"a":1})),QUIET])
V(J,"notification then request", [send(note("nope")),send(req(1,"ping")),ok(1,{})])
V(J,"notification initialize initializes silently", [send(note("initialize",{"protocolVersion":1})),QUIET,send(req(2,"describe")),ok(2)])
V(J,"method names are case-sensitive", [send(req(1,"Ping")),err(1,-32601,{"method":"Ping"})])
V(J,"unknown method before initialize is -32601", [send(req(1,"nope")),err(1,-32601,{"method":"nope"})])
V(J,"unknown method after initialize", [send(req(1,"frobnicate")),err(1,-32601,{"method":"frobnicate","suggestion":{"$absent":True}})], init=True)
V(J,"unknown method close to a served one gets a suggestion", [send(req(1,"snapshto")),{"expect":{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":{"$contains":"did you mean 'snapshot'?"},"data":{"$exact":{"method":"snapshto","suggestion":"snapshot"}}}}}], init=True)
V(J,"a suggestion comes before initialize too", [send(req(1,"descibe")),err(1,-32601,{"method":"descibe","suggestion":"describe"})])
V(J,"a name differing only in case is suggested", [send(req(1,"PING")),err(1,-32601,{"method":"PING","suggestion":"ping"})])
V(J,"rpc.discover not found", [send(req(8,"rpc.discover")),err(8,-32601,{"method":"rpc.discover"})])
V(J,"rpc. anything not found", [send(req(8,"rpc.ping")),err(8,-32601,{"method":"rpc.ping"})], init=True)
V(J,"empty method name", [send(req(8,"")),err(8,-32601,{"method":""})])
V(J,"empty batch", [{"sendText":"[]"},{"expect":{"$exact":{"jsonrpc":"2.0","id":None,"error":{"code":-32600,"message":{"$type":"string"},"data":{"path":"","expected":"at least one request","got":"[]"}}}}}])
V(J,"batch of requests in order", [send([req("a","ping"),req("b","ping"),req("c","nope")]),{"expect":[{"id":"a","result":{}},{"id":"b","result":{}},{"id":"c","error":{"code":-32601}}]}])
V(J,"batch of notifications gets nothing", [send([note("ping"),note("nope")]),QUIET])
V(J,"batch notifications contribute nothing", [send([note("ping"),req(1,"ping"),note("nope")]),{"expect":[{"id":1,"result":{}}]}])
V(J,"batch invalid elements answered in place", [send([1,req("x","ping"),[],{"id":True}]),{"expect":[{"id":None,"error":{"code":-32600,"data":{"path":"","got":"number"}}},{"id":"x","result":{}},{"id":None,"error":{"code":-32600,"data":{"got":"array"}}},{"id":None,"error":{"code":-32600,"data":{"path":"id"}}}]}])
V(J,"batch element without id but broken is answered", [send([{"jsonrpc":"2.0","method":"ping","params":None}]),{"expect":[{"id":None,"error":{"code":-32600,"data":{"path":"params"}}}]}])
V(J,"batch initialize then describe", [send([req("a","initialize",{"protocolVersion":1}),note("ping"),req("b","describe"),"hello",req("c","initialize",{"protocolVersion":1})]),
   {"expect":[{"id":"a","result":{"protocolVersion":1}},{"id":"b","result":{"plugins":{"$type":"array"}}},{"id":None,"error":{"code":-32600,"data":{"got":"string"}}},{"id":"c","error":{"code":-32600,"data":{"path":"method"}}}]}])
V(J,"batch with one element is still an array", [send([req(1,"ping")]),{"expect":[{"id":1,"result":{}}]}])
V(J,"batch responses then next frame", [send([req(1,"ping")]),{"expect":[{"id":1}]},send(req(2,"ping")),ok(2,{})])
V(J,"pipelined requests answered in order", [send(req(1,"ping")),send(req(2,"nope")),send(req(3,"describe")),ok(1,{}),err(2,-32601),err(3,-32002)])
V(J,"duplicate ids both answered", [{"sendFrames":[req(1,"ping"),req(1,"ping")]},ok(1,{}),ok(1,{})])
V(J,"error responses have no result", [send(req(1,"nope")),{"expect":{"$exact":{"jsonrpc":"2.0","id":1,"error":{"$any":True}}}}])
V(J,"success responses have no error", [send(req(1,"ping")),{"expect":{"$exact":{"jsonrpc":"2.0","id":1,"result":{}}}}])

# ---------------- handshake ----------------
H="handshake"
INIT={"protocolVersion":1,"server":{"name":{"$type":"string"},"version":{"$type":"string"}},"modifiers":{"$type":"array"},"views":VIEWS}
V(H,"initialize result", call(1,"initialize",{"protocolVersion":1,"client":{"name":"conformance","version":"1"}},INIT))
SWIPE_ENTRY={"type":"swipeActions","plugin":"SwipeActions","module":"SwipeActions","params":{"title":"swipeActions","type":"object","properties":{"$type":{"const":"swipeActions"},"allowsFullSwipe":{"type":"boolean","default":False}},"required":["$type"]}}
V(H,"initialize lists swipeActions", call(1,"initialize",{"protocolVersion":1},{"modifiers":{"$includes":[SWIPE_ENTRY if t=="swipeActions" else {"type":t,"plugin":"ExpoUI","module":"ExpoUI"} for t in TYPES]}}))
V(H,"initialize lists exactly the bundled modifier types, by type", call(1,"initialize",{"protocolVersion":1},{"modifiers":[{"type":t} for t in TYPES]}), requires=CONTROLLED)
V(H,"initialize accepts 1.0", [{"sendText":'{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1.0}}'},ok(1,{"protocolVersion":1})])
V(H,"initialize without client", call(1,"initialize",{"protocolVersion":1},{"protocolVersion":1}))
V(H,"client null counts as absent", call(1,"initialize",{"protocolVersion":1,"client":None},{"protocolVersion":1}))
V(H,"unknown params members ignored", call(1,"initialize",{"protocolVersion":1,"extra":True,"client":{"name":"a","other":1}},{"protocolVersion":1}))
V(H,"unsupported version", fails(1,"initialize",{"protocolVersion":2},-32602,{"path":"protocolVersion","expected":"1","got":"2","supported":[1]}))
V(H,"version 0 unsupported", fails(1,"initialize",{"protocolVersion":0},-32602,{"path":"protocolVersion","supported":[1]}))
V(H,"missing version", fails(1,"initialize",{},-32602,{"path":"protocolVersion","expected":"integer","got":"nothing","supported":[1]}))
V(H,"absent params means missing version", fails(1,"initialize",None,-32602,{"path":"protocolVersion","got":"nothing","supported":[1]}))
V(H,"string version", fails(1,"initialize",{"protocolVersion":"1"},-32602,{"path":"protocolVersion","expected":"integer","got":"string","supported":[1]}))
V(H,"fractional version", fails(1,"initialize",{"protocolVersion":1.5},-32602,{"path":"protocolVersion","expected":"integer","supported":[1]}))
V(H,"null version", fails(1,"initialize",{"protocolVersion":None},-32602,{"path":"protocolVersion","supported":[1]}))
V(H,"params by position", fails(1,"initialize",[1],-32602,{"path":"","expected":"object","got":"array"}))
V(H,"client not an object", fails(1,"initialize",{"protocolVersion":1,"client":"me"},-32602,{"path":"client","expected":"object","got":"string"}))
V(H,"client.name not a string", fails(1,"initialize",{"protocolVersion":1,"client":{"name":3}},-32602,{"path":"client.name","expected":"string","got":"number"}))
V(H,"client.version not a string", fails(1,"initialize",{"protocolVersion":1,"client":{"version":True}},-32602,{"path":"client.version","expected":"string","got":"boolean"}))
V(H,"failed initialize can be retried", fails(1,"initialize",{"protocolVersion":2},-32602)+call(2,"initialize",{"protocolVersion":1},{"protocolVersion":1}))
V(H,"failed initialize leaves un-initialized", fails(1,"initialize",{"protocolVersion":2},-32602)+fails(2,"describe",None,-32002,{"method":"describe"}))
V(H,"second initialize", fails(4,"initialize",{"protocolVersion":1},-32600,{"path":"method"}), init=True)
V(H,"second initialize checked before params", fails(4,"initialize",[1],-32600,{"path":"method"}), init=True)
V(H,"ping before initialize", call(1,"ping",None,{"$exact":{}}))
for m,p in [("describe",None),("reload",None),("enablePlugin",{"name":"no-such-plugin-xyz"}),("mount",{"surface":"s","root":{"type":"List"}}),("update",{"surface":"s","root":{"type":"List"}}),("unmount",{"surface":"s"}),("snapshot",{"surface":"s"}),("interact",{"surface":"s","node":"0","gesture":"tap"})]:
    V(H,f"{m} before initialize is -32002", fails(2,m,p,-32002,{"method":m}))
V(H,"not initialized checked before params", fails(2,"mount",[1],-32002,{"method":"mount"}))
V(H,"initialize per connection", [send(req(1,"describe"),on="b"),err(1,-32002),send(req(2,"describe"),on="a"),ok(2)], init=["a"], connections=["a","b"])

# ---------------- methods: ping, describe, reload ----------------
M="methods"
V(M,"ping with empty object", call(1,"ping",{},{}))
V(M,"ping with empty array", call(1,"ping",[],{}))
V(M,"ping with members", fails(11,"ping",{"a":1},-32602,{"path":"","expected":"no params, {} or []"}))
V(M,"ping with elements", fails(11,"ping",[1],-32602,{"path":""}))
V(M,"ping after initialize", call(1,"ping",None,{}), init=True)
V(M,"describe shape", call(2,"describe",None,{"modifiers":{"$type":"array"},"views":VIEWS,"plugins":{"$type":"array"},"roots":{"$type":"array"},"modules":{"$type":"array"}}), init=True)
BUNDLED_PLUGINS=[{"name":"ExpoUI","status":"loaded","modules":["ExpoUI"],"types":EXPOUI_TYPES,"path":{"$type":"string"}},{"name":"SwipeActions","status":"loaded","modules":["SwipeActions"],"types":BUNDLED_TYPES["SwipeActions"],"path":{"$type":"string"}}]
V(M,"describe lists the bundled plugins loaded", call(2,"describe",[],{"plugins":{"$includes":BUNDLED_PLUGINS}}), init=True)
V(M,"describe lists exactly the bundled plugins", call(2,"describe",[],{"plugins":BUNDLED_PLUGINS}), init=True, requires=CONTROLLED)
V(M,"describe with params", fails(2,"describe",{"x":1},-32602,{"path":"","expected":"no params, {} or []"}), init=True)
V(M,"describe with elements", fails(2,"describe",[1],-32602,{"path":""}), init=True)
# reload rescans the host's plugin folders; which plugins the host under test has is unknown, so only the shape is checked.
V(M,"reload shape", call(2,"reload",None,{"added":{"$type":"array"},"removed":{"$type":"array"},"changed":{"$type":"array"},"events":{"$type":"array"},"plugins":{"$type":"array"}}), init=True)
V(M,"reload with empty array", call(2,"reload",[],{"plugins":{"$type":"array"}}), init=True)
V(M,"reload with params", fails(2,"reload",{"x":1},-32602,{"path":"","expected":"no params, {} or []"}), init=True)
V(M,"reload with elements", fails(2,"reload",[1],-32602,{"path":""}), init=True)
# enablePlugin takes a quarantined plugin's name. The host under test may have no quarantined
# plugin (that needs a crash), so only the refusals are checked, never the result.
NOPE="no-such-plugin-xyz"
V(M,"enablePlugin without params", fails(2,"enablePlugin",None,-32602,{"path":"name","expected":"string","got":"nothing"}), init=True)
V(M,"enablePlugin without name", fails(2,"enablePlugin",{},-32602,{"path":"name","expected":"string","got":"nothing"}), init=True)
V(M,"enablePlugin with a name that is not a string", fails(2,"enablePlugin",{"name":3},-32602,{"path":"name","expected":"string","got":"number"}), init=True)
V(M,"enablePlugin with a null name", fails(2,"enablePlugin",{"name":None},-32602,{"path":"name","expected":"string","got":"null"}), init=True)
V(M,"enablePlugin with params by position", fails(2,"enablePlugin",[NOPE],-32602,{"path":"","expected":"object","got":"array"}), init=True)
V(M,"enablePlugin ignores a member besides name", fails(2,"enablePlugin",{"name":NOPE,"force":True},-32602,{"path":"name","expected":{"$type":"string"},"got":NOPE}), init=True)
V(M,"enablePlugin with an unknown name", fails(2,"enablePlugin",{"name":NOPE},-32602,{"path":"name","expected":{"$type":"string"},"got":NOPE})+[QUIET], init=True)

# ---------------- surfaces ----------------
S="surfaces"
def row(key="row-1", mods=None, **kw):
    n={"type":"HStack","key":key,"modifiers":mods if mods is not None else [SA()],"children":[{"type":"Text","props":{"text":"Hello"}}]}
    n.update(kw); return n
def SA(trailing=None, leading=None, full=None):
    m={"$type":"swipeActions"}
    if trailing is not None: m["trailing"]=trailing
    if leading is not None: m["leading"]=leading
    if full is not None: m["allowsFullSwipe"]=full
    return m
DEL={"id":"delete","label":"Delete","systemImage":"trash","role":"destructive"}
FLAG={"id":"flag","label":"Flag","systemImage":"flag","tint":"orange"}
PIN={"id":"pin","label":"Pin","tint":"#0A84FF"}
MAIN_ROW=row("row-1",[SA([DEL,FLAG],[PIN],True)],props={"alignment":"center"})
MAIN={"type":"List","children":[MAIN_ROW,{"type":"Text","props":{"text":"plain row"}}]}
def mount(id, name, root): return call(id,"mount",{"surface":name,"root":root},{"$exact":{"surface":name}})
def mfail(id, root, data, name="e"): return fails(id,"mount",{"surface":name,"root":root},-32602,data)
V(S,"mount returns the name", mount(3,"main",MAIN), init=True)
V(S,"mount then snapshot", mount(3,"main",MAIN)+call(4,"snapshot",{"surface":"main"},{"root":{"type":"List","id":"0","children":[
  {"type":"HStack","id":"row-1","key":"row-1","props":{"alignment":"center"},"modifiers":[{"$type":"swipeActions"}],"swipeActions":{
    "leading":[{"$exact":{"id":"pin","label":"Pin","systemImage":None,"symbolVariant":None,"tint":"#0A84FFFF","role":None,"modifier":0}}],
    "trailing":[{"$exact":{"id":"delete","label":"Delete","systemImage":"trash","symbolVariant":"fill","tint":"#FF3B30FF","role":"destructive","modifier":0}},
                {"$exact":{"id":"flag","label":"Flag","systemImage":"flag","symbolVariant":"fill","tint":"#FFA500FF","role":None,"modifier":0}}],
    "allowsFullSwipe":{"leading":True,"trailing":True},"revealed":None},
   "children":[{"$exact":{"type":"Text","id":"0/0/0","props":{"text":"Hello"}}}]},
  {"$exact":{"type":"Text","id":"0/1","props":{"text":"plain row"}}}]}}), init=True)
V(S,"snapshot omits empty props and absent members", mount(1,"s",{"type":"VStack","props":{},"children":[{"type":"Spacer"}]})+call(2,"snapshot",{"surface":"s"},{"$exact":{"root":{"$exact":{"type":"VStack","id":"0","children":[{"$exact":{"type":"Spacer","id":"0/0"}}]}}}}), init=True)
V(S,"every view type mounts", mount(1,"v",{"type":"VStack","children":[{"type":t} for t in HOST_VIEWS]}), init=True)
V(S,"duplicate surface name", mount(1,"e",{"type":"List"})+mfail(2,{"type":"List"},{"path":"surface","expected":"a new surface name","got":"e"}), init=True)
V(S,"surface missing", fails(1,"mount",{"root":{"type":"List"}},-32602,{"path":"surface","expected":"string","got":"nothing"}), init=True)
V(S,"surface not a string", fails(1,"mount",{"surface":5,"root":{"type":"List"}},-32602,{"path":"surface","expected":"string","got":"number"}), init=True)
V(S,"surface empty", fails(1,"mount",{"surface":"","root":{"type":"List"}},-32602,{"path":"surface","expected":"1 to 128 bytes"}), init=True)
V(S,"surface over 128 bytes", fails(1,"mount",{"surface":"é"*65,"root":{"type":"List"}},-32602,{"path":"surface","expected":"1 to 128 bytes","got":"130 bytes"}), init=True)
V(S,"surface of 128 bytes", mount(1,"x"*128,{"type":"List"}), init=True)
V(S,"mount params array", fails(1,"mount",[1],-32602,{"path":"","expected":"object","got":"array"}), init=True)
V(S,"mount absent params", fails(1,"mount",None,-32602,{"path":"surface","got":"nothing"}), init=True)
V(S,"root missing", fails(1,"mount",{"surface":"e"},-32602,{"path":"root","expected":"node object","got":"nothing"}), init=True)
V(S,"root not an object", mfail(1,[1],{"path":"root","expected":"object","got":"array"}), init=True)
V(S,"type missing", mfail(1,{"key":"a"},{"path":"root.type","expected":"string","got":"nothing"}), init=True)
V(S,"unknown view type", mfail(10,{"type":"Carousel"},{"path":"root.type","got":"Carousel","known":VIEWS}), init=True)
V(S,"unknown view type deep", mfail(10,{"type":"List","children":[{"type":"Text"},{"type":"VStack","children":[{"type":"Carousel"}]}]},{"path":"root.children[1].children[0].type","got":"Carousel","known":{"$type":"array"}}), init=True)
V(S,"unknown modifier type", mfail(19,{"type":"List","modifiers":[{"$type":"wobble"}]},{"path":"root.modifiers[0].$type","got":"wobble","known":{"$includes":TYPES},"suggestion":{"$absent":True}}), init=True)
V(S,"unknown modifier type close to one gets a suggestion", mfail(19,{"type":"List","modifiers":[{"$type":"swipeAction"}]},{"path":"root.modifiers[0].$type","got":"swipeAction","known":{"$includes":TYPES},"suggestion":"swipeActions"}), init=True)
V(S,"a modifier type in the wrong case is suggested", mfail(19,{"type":"Text","modifiers":[{"$type":"OnTapGesture"}]},{"path":"root.modifiers[0].$type","suggestion":"onTapGesture"}), init=True)
V(S,"modifier without $type", mfail(19,{"type":"List","modifiers":[{"trailing":[]}]},{"path":"root.modifiers[0].$type","expected":"string","got":"nothing"}), init=True)
V(S,"modifier not an object", mfail(19,{"type":"List","modifiers":["swipeActions"]},{"path":"root.modifiers[0]","expected":"object","got":"string"}), init=True)
V(S,"modifiers not an array", mfail(19,{"type":"List","modifiers":{}},{"path":"root.modifiers","expected":"array","got":"object"}), init=True)
V(S,"more than 16 modifiers", mfail(19,{"type":"List","children":[{"type":"Text","modifiers":[SA()]*17}]},{"path":"root.children[0].modifiers","expected":"at most 16 modifiers","got":"17"}), init=True)
V(S,"16 modifiers are fine", mount(19,"m16",{"type":"List","children":[{"type":"Text","modifiers":[SA()]*16}]}), init=True)
V(S,"duplicate key", mfail(13,{"type":"List","key":"a","children":[{"type":"Text","key":"a"}]},{"path":"root.children[0].key","expected":"a unique key","got":"\"a\""}), init=True)
V(S,"duplicate key across branches", mfail(13,{"type":"List","children":[{"type":"Section","children":[{"type":"Text","key":"k"}]},{"type":"Text","key":"k"}]},{"path":"root.children[1].key"}), init=True)
V(S,"key with slash", mfail(13,{"type":"List","key":"a/b"},{"path":"root.key","expected":{"$contains":"non-empty string without '/'"}}), init=True)
V(S,"empty key", mfail(13,{"type":"List","key":""},{"path":"root.key"}), init=True)
V(S,"key not a string", mfail(13,{"type":"List","key":1},{"path":"root.key","expected":"string","got":"number"}), init=True)
V(S,"props not an object", mfail(13,{"type":"Text","props":"hi"},{"path":"root.props","expected":"object","got":"string"}), init=True)
V(S,"children not an array", mfail(13,{"type":"List","children":{}},{"path":"root.children","expected":"array","got":"object"}), init=True)
V(S,"children on a leaf view", mfail(13,{"type":"List","children":[{"type":"Image","children":[{"type":"Text"}]}]},{"path":"root.children[0].children","expected":"no children"}), init=True)
V(S,"a Text's children are Text segments", mount(1,"v",{"type":"Text","key":"t","children":[{"type":"Text","props":{"text":"Hello "}},{"type":"Text","key":"w","props":{"text":"world"},"modifiers":[{"$type":"bold"}]}]})
   +call(2,"snapshot",{"surface":"v"},{"root":{"children":[{"$exact":{"type":"Text","id":"0/0","props":{"text":"Hello "}}},{"id":"w","styles":[{"$style":"bold"}]}]}})
   +mfail(3,{"type":"Text","children":[{"type":"Text"},{"type":"Image"}]},{"$exact":{"path":"root.children[1].type","expected":"Text","got":"Image"}}), init=True)
V(S,"a Section's header is a view: a node under slots, not a row", mount(1,"v",{"type":"List","children":[{"type":"Section","key":"s","props":{"title":"Inbox","header":{"type":"Button","key":"all","props":{"label":"See all"},"events":["onPress"]},"footer":"Updated now"},"children":[{"type":"Text","key":"r","props":{"text":"Row"}}]}]})
   +call(2,"snapshot",{"surface":"v"},{"root":{"children":[{"id":"s","props":{"$exact":{"title":"Inbox","footer":"Updated now"}},"slots":{"$exact":{"header":{"$exact":{"type":"Button","id":"all","key":"all","props":{"label":"See all"},"events":["onPress"]}}}},"children":[{"id":"r"}]}]}})
   +[send(req(3,"interact",{"surface":"v","node":"all","gesture":"tap"})),
     {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":"v","node":"all","view":"Button","payload":{"$exact":{"onPress":{"$exact":{}}}}}}}}},
     ok(3,{"$exact":{"handled":True,"node":"all","view":"Button"}})], init=True)
V(S,"a slot that is not a view is an error at its prop", mfail(1,{"type":"Slider","props":{"label":"Volume"}},{"path":"root.props.label","expected":"a node object or null","got":"string"})
   +mfail(2,{"type":"List","children":[{"type":"Section","props":{"footer":3}}]},{"path":"root.children[0].props.footer","expected":"a node object, a string or null","got":"number"})
   +mfail(3,{"type":"Label","props":{"icon":{"type":"Imag"}}},{"path":"root.props.icon.type"}), init=True)
V(S,"a Text with markdownEnabled shows its inline Markdown as runs", mount(1,"v",{"type":"Text","key":"m","props":{"text":"**Hi** *you* [there](https://x.y) `x`","markdownEnabled":True}})
   +call(2,"snapshot",{"surface":"v"},{"root":{"props":{"text":"**Hi** *you* [there](https://x.y) `x`","markdownEnabled":True},"markdown":[{"$exact":{"text":"Hi","bold":True}},{"$exact":{"text":" "}},{"$exact":{"text":"you","italic":True}},{"$exact":{"text":" "}},{"$exact":{"text":"there","link":"https://x.y"}},{"$exact":{"text":" "}},{"$exact":{"text":"x","code":True}}]}}), init=True)
V(S,"empty children on Text are fine", mount(13,"t",{"type":"Text","children":[]}), init=True)
V(S,"null optional members count as absent", mount(13,"t",{"type":"Text","key":None,"props":None,"modifiers":None,"children":None}), init=True)
V(S,"bad tint path", mfail(3,{"type":"List","children":[{"type":"HStack","modifiers":[SA([{"id":"a"},{"id":"b","tint":"nope"}])]}]},{"path":"root.children[0].modifiers[0].trailing[1].tint","expected":"Color?","got":"nope"}), init=True)
V(S,"missing action id", mfail(5,{"type":"List","children":[{"type":"HStack","modifiers":[SA(None,[{"label":"x"}])]}]},{"path":"root.children[0].modifiers[0].leading[0].id","got":"nothing"}), init=True)
V(S,"bad role", mfail(4,{"type":"List","children":[{"type":"HStack","modifiers":[SA([{"id":"a","role":"primary"}])]}]},{"path":"root.children[0].modifiers[0].trailing[0].role","got":"primary"}), init=True)
V(S,"allowsFullSwipe null refused", mfail(4,{"type":"List","children":[{"type":"HStack","modifiers":[{"$type":"swipeActions","allowsFullSwipe":None}]}]},{"path":{"$contains":"allowsFullSwipe"}}), init=True)
V(S,"trailing not an array", mfail(4,{"type":"List","children":[{"type":"HStack","modifiers":[{"$type":"swipeActions","trailing":"x"}]}]},{"path":{"$contains":"root.children[0].modifiers[0].trailing"}}), init=True)
V(S,"tree deeper than 64", mfail(4,(lambda: (lambda f: f(f,65))(lambda f,n: {"type":"VStack"} if n==1 else {"type":"VStack","children":[f(f,n-1)]}))(),{"path":"root"+".children[0]"*64,"expected":"at most 64 levels"}), init=True)
V(S,"tree of 64 levels is fine", mount(4,"deep",(lambda f: f(f,64))(lambda f,n: {"type":"VStack"} if n==1 else {"type":"VStack","children":[f(f,n-1)]})), init=True)
V(S,"failed mount creates no surface", mfail(1,{"type":"Carousel"},{"path":"root.type"},name="f")+fails(2,"snapshot",{"surface":"f"},-32602,{"path":"surface"})+mount(3,"f",{"type":"List"}), init=True)
V(S,"failed mount sends no diagnostics", [send(req(1,"mount",{"surface":"f","root":{"type":"VStack","children":[{"type":"Text","modifiers":[SA([{"id":"x"}])]},{"type":"Carousel"}]}})),err(1,-32602,{"path":"root.children[1].type"}),QUIET], init=True)
V(S,"first error in document order: bad params before a bad node", mfail(1,{"type":"List","children":[{"type":"HStack","modifiers":[SA([{"id":"a","tint":"nope"}])]},{"type":"Carousel"}]},{"path":"root.children[0].modifiers[0].trailing[0].tint","got":"nope"}), init=True)
V(S,"first error in document order: a bad node before bad params", mfail(1,{"type":"List","children":[{"type":"Carousel"},{"type":"HStack","modifiers":[SA([{"id":"a","tint":"nope"}])]}]},{"path":"root.children[0].type","got":"Carousel"}), init=True)
V(S,"unmount", mount(1,"m",{"type":"List"})+call(2,"unmount",{"surface":"m"},{"$exact":{}})+fails(3,"unmount",{"surface":"m"},-32602,{"path":"surface","expected":"a surface mounted by this connection","got":"m"}), init=True)
V(S,"unmount then mount again", mount(1,"m",{"type":"List"})+call(2,"unmount",{"surface":"m"},{})+mount(3,"m",{"type":"Text"}), init=True)
V(S,"unmount missing surface member", fails(1,"unmount",{},-32602,{"path":"surface","expected":"string","got":"nothing"}), init=True)
V(S,"unmount params array", fails(1,"unmount",["m"],-32602,{"path":""}), init=True)
V(S,"snapshot unknown surface", fails(1,"snapshot",{"surface":"nope"},-32602,{"path":"surface","expected":"a surface mounted by this connection","got":"nope"}), init=True)
V(S,"snapshot surface not a string", fails(1,"snapshot",{"surface":None},-32602,{"path":"surface","expected":"string"}), init=True)
V(S,"update unknown surface", fails(1,"update",{"surface":"nope","root":{"type":"List"}},-32602,{"path":"surface","expected":"a surface mounted by this connection"}), init=True)
V(S,"update root missing", mount(1,"m",{"type":"List"})+fails(2,"update",{"surface":"m"},-32602,{"path":"root","got":"nothing"}), init=True)
V(S,"surfaces are per connection", mount(1,"main",{"type":"List"})+[send(req(2,"mount",{"surface":"main","root":{"type":"Text"}}),on="b"),ok(2,{"surface":"main"}),
   send(req(3,"snapshot",{"surface":"main"}),on="a"),ok(3,{"root":{"type":"List"}}),send(req(4,"snapshot",{"surface":"main"}),on="b"),ok(4,{"root":{"type":"Text"}})] if False else
   [send(req(1,"mount",{"surface":"main","root":{"type":"List"}}),on="a"),ok(1,{"surface":"main"}),send(req(2,"mount",{"surface":"main","root":{"type":"Text"}}),on="b"),ok(2,{"surface":"main"}),
   send(req(3,"snapshot",{"surface":"main"}),on="a"),ok(3,{"root":{"type":"List"}}),send(req(4,"snapshot",{"surface":"main"}),on="b"),ok(4,{"root":{"type":"Text"}})], init=True, connections=["a","b"])
V(S,"another connection's surface is unknown", [send(req(1,"mount",{"surface":"only-a","root":{"type":"List"}}),on="a"),ok(1),send(req(2,"snapshot",{"surface":"only-a"}),on="b"),err(2,-32602,{"path":"surface","expected":"a surface mounted by this connection","got":"only-a"}),
   send(req(3,"unmount",{"surface":"only-a"}),on="b"),err(3,-32602,{"path":"surface"})], init=True, connections=["a","b"])
V(S,"closed connection's surfaces are gone for a new one", [send(req(1,"mount",{"surface":"x","root":{"type":"List"}}),on="a"),ok(1),{"close":True,"on":"a"},send(req(2,"snapshot",{"surface":"x"}),on="b"),err(2,-32602,{"path":"surface"})], init=True, connections=["a","b"])
V(S,"64 surfaces then the limit", [s for i in range(64) for s in mount(i,f"s{i}",{"type":"Text"})]+fails(99,"mount",{"surface":"s64","root":{"type":"Text"}},-32602,{"path":"surface","expected":"at most 64 surfaces"}), init=True)

# ---------------- update ----------------
U="update"
def upd(id, name, root, counts): return call(id,"update",{"surface":name,"root":root},{"$exact":counts})
C=lambda c,u,n,r: {"created":c,"updated":u,"unchanged":n,"removed":r}
A=row("a",[SA([{"id":"x"}])]); B=row("b",[SA([{"id":"y"}]),SA([{"id":"z"}])]); P={"type":"Text","modifiers":[SA([{"id":"p"}])]}
T0={"type":"List","children":[A,B,P]}
V(U,"same tree unchanged", mount(1,"m",T0)+upd(2,"m",T0,C(0,0,4,0)), init=True)
B2=row("b",[SA([{"id":"y"}]),SA([{"id":"z"}],None,True)])
V(U,"reorder by key and one changed param", mount(1,"m",T0)+upd(2,"m",{"type":"List","children":[B2,A,P]},C(0,1,3,0)), init=True)
V(U,"dropping and adding modifiers", mount(1,"m",T0)+upd(2,"m",{"type":"List","children":[A,row("b",[SA([{"id":"y"}])]),{"type":"Text","props":{"lineLimit":1},"modifiers":[SA([{"id":"p"}]),SA()]}]},C(1,0,3,1)), init=True)
V(U,"type change is a new node", mount(1,"m",T0)+upd(2,"m",{"type":"List","children":[dict(A,type="VStack"),B,P]},C(1,0,3,1)), init=True)
V(U,"empty list removes all", mount(1,"m",T0)+upd(2,"m",{"type":"List"},C(0,0,0,4)), init=True)
V(U,"props only changes nothing", mount(1,"m",T0)+upd(2,"m",{"type":"List","props":{"listStyle":"plain"},"children":[dict(A,props={"spacing":2}),B,P]},C(0,0,4,0)), init=True)
V(U,"member order and 1.0 equal", mount(1,"m",{"type":"List","children":[{"type":"Text","key":"t","modifiers":[{"$type":"swipeActions","trailing":[{"id":"a","label":"A"}],"allowsFullSwipe":False}]}]})
   +upd(2,"m",{"type":"List","children":[{"type":"Text","key":"t","modifiers":[{"allowsFullSwipe":False,"trailing":[{"label":"A","id":"a"}],"$type":"swipeActions"}]}]},C(0,0,1,0)), init=True)
V(U,"new node creates", mount(1,"m",T0)+upd(2,"m",{"type":"List","children":[A,B,P,row("c")]},C(1,0,4,0)), init=True)
V(U,"failed update changes nothing", mount(1,"m",T0)+fails(2,"update",{"surface":"m","root":{"type":"List","children":[A,B,{"type":"Text","modifiers":[SA([{"id":"p","tint":"zz"}])]}]}},-32602,{"path":"root.children[2].modifiers[0].trailing[0].tint","got":"zz"})+upd(3,"m",T0,C(0,0,4,0)), init=True)
V(U,"update params array", mount(1,"m",T0)+fails(2,"update",[],-32602,{"path":""}), init=True)
V(U,"update keeps revealed row", mount(1,"m",T0)+call(2,"interact",{"surface":"m","node":"a","gesture":"swipe","edge":"trailing"},{"handled":True,"edge":"trailing","revealed":["x"]})
   +upd(3,"m",{"type":"List","children":[row("a",[SA([{"id":"x"},{"id":"x2"}])]),B,P]},C(0,1,3,0))+call(4,"snapshot",{"surface":"m"},{"root":{"children":[{"id":"a","swipeActions":{"revealed":"trailing","trailing":[{"id":"x"},{"id":"x2"}]}},{"$any":True},{"$any":True}]}}), init=True)
V(U,"replaced node starts closed", mount(1,"m",T0)+call(2,"interact",{"surface":"m","node":"a","gesture":"swipe","edge":"trailing"},{"handled":True})
   +upd(3,"m",{"type":"List","children":[dict(A,type="VStack"),B,P]},C(1,0,3,1))+call(4,"snapshot",{"surface":"m"},{"root":{"children":[{"id":"a","swipeActions":{"revealed":None}},{"$any":True},{"$any":True}]}}), init=True)
V(U,"unchanged update sends no diagnostics", [send(req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}})),{"expectNotification":{"method":"diagnostic"}},ok(1),
   send(req(2,"update",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}})),ok(2,C(0,0,1,0)),QUIET], init=True)
V(U,"changed outside-list modifier diagnoses again", [send(req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}})),{"expectNotification":{"method":"diagnostic"}},ok(1),
   send(req(2,"update",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"y"}])]}]}})),{"expectNotification":{"method":"diagnostic","params":{"code":"swipe-actions-outside-list","node":"t"}}},ok(2,C(0,1,0,0))], init=True)

# ---------------- update with a patch ----------------
def pat(id, name, ops, counts): return call(id,"update",{"surface":name,"patch":ops},{"$exact":counts})
def pfail(id, ops, data): return fails(id,"update",{"surface":"m","patch":ops},-32602,data)
TK={"type":"List","key":"l","children":[A,B,P]}
def ids(id, children): return call(id,"snapshot",{"surface":"m"},{"root":{"children":[{"id":c} for c in children]}})
V(U,"initialize lists the patch ops", [send(req(1,"initialize",{"protocolVersion":1})),ok(1,{"patchOps":["set","insert","remove","move"]})])
V(U,"patch set of props keeps every modifier", mount(1,"m",TK)+pat(2,"m",[{"op":"set","node":"0/0/0","props":{"text":"Bye"}}],C(0,0,4,0))
   +call(3,"snapshot",{"surface":"m"},{"root":{"children":[{"id":"a","children":[{"props":{"$exact":{"text":"Bye"}}}]},{"$any":True},{"$any":True}]}}), init=True)
V(U,"patch set of modifiers counts by position", mount(1,"m",TK)+pat(2,"m",[{"op":"set","node":"b","modifiers":[SA([{"id":"y"}]),SA([{"id":"z2"}])]}],C(0,1,3,0))
   +pat(3,"m",[{"op":"set","node":"b","modifiers":None}],C(0,0,2,2)), init=True)
V(U,"patch insert, move and remove by key", mount(1,"m",TK)+pat(2,"m",[{"op":"insert","parent":"l","before":"b","node":row("c",[SA([{"id":"q"}])])}],C(1,0,4,0))
   +pat(3,"m",[{"op":"move","node":"a","before":None},{"op":"remove","node":"b"}],C(0,0,3,2))+ids(4,["c","0/1","a"]), init=True)
V(U,"patch names nodes in the tree the ops before it left", mount(1,"m",TK)+pat(2,"m",[{"op":"remove","node":"0/0"},{"op":"set","node":"0/1","props":{"lineLimit":2}}],C(0,0,3,1))
   +call(3,"snapshot",{"surface":"m"},{"root":{"children":[{"id":"b"},{"id":"0/1","props":{"lineLimit":2}}]}}), init=True)
V(U,"patch keeps the revealed row it sets", mount(1,"m",TK)+call(2,"interact",{"surface":"m","node":"a","gesture":"swipe","edge":"trailing"},{"handled":True})
   +pat(3,"m",[{"op":"set","node":"a","modifiers":[SA([{"id":"x"},{"id":"x2"}])]}],C(0,1,3,0))
   +call(4,"snapshot",{"surface":"m"},{"root":{"children":[{"id":"a","swipeActions":{"revealed":"trailing","trailing":[{"id":"x"},{"id":"x2"}]}},{"$any":True},{"$any":True}]}}), init=True)
V(U,"failed patch changes nothing", mount(1,"m",TK)+pfail(2,[{"op":"remove","node":"a"},{"op":"insert","parent":"l","node":{"type":"Text","modifiers":[SA([{"id":"p","tint":"zz"}])]}}],
   {"path":"patch[1].node.modifiers[0].trailing[0].tint","got":"zz"})+ids(3,["a","b","0/2"])+pat(4,"m",[],C(0,0,4,0)), init=True)
V(U,"patch errors name their place", mount(1,"m",TK)
   +pfail(2,[{"op":"sett","node":"a"}],{"path":"patch[0].op","expected":"one of set, insert, remove, move","suggestion":"set"})
   +pfail(3,[{"op":"set","node":"zz"}],{"path":"patch[0].node","got":"zz"})
   +pfail(4,[{"op":"remove","node":"l"}],{"path":"patch[0].node","expected":"a node below the root"})
   +pfail(5,[{"op":"insert","parent":"0/2","node":{"type":"Image"}}],{"path":"patch[0].node.type","expected":"Text","got":"Image"})
   +pfail(6,[{"op":"insert","parent":"l","before":"0/0/0","node":{"type":"Text"}}],{"path":"patch[0].before"})
   +pfail(7,[{"op":"insert","parent":"l","node":{"type":"Text","key":"a"}}],{"path":"patch[0].node.key","expected":"a unique key"})
   +pfail(8,"set",{"path":"patch","expected":"array"})
   +fails(9,"update",{"surface":"m","root":T0,"patch":[]},-32602,{"path":"patch","expected":"no 'root' beside 'patch'"}), init=True)
V(U,"patch runs the lifecycle of what it adds and removes", mount(1,"m",TK)
   +[send(req(2,"update",{"surface":"m","patch":[{"op":"insert","parent":"l","node":{"type":"Text","key":"n","modifiers":[{"$type":"onAppear"},{"$type":"onDisappear"}]}}]})),
     {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":"m","node":"n","modifier":0,"payload":{"$exact":{"onAppear":{}}}}}}}},ok(2,C(2,0,4,0)),
     send(req(3,"update",{"surface":"m","patch":[{"op":"remove","node":"n"}]})),
     {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":"m","node":"n","modifier":1,"payload":{"$exact":{"onDisappear":{}}}}}}}},ok(3,C(0,0,4,2))], init=True)

# ---------------- interact / swipe ----------------
I="swipe"
def mm(): return mount(1,"main",MAIN)
def act(id, params, result): return call(id,"interact",dict({"surface":"main"},**params),result)
def ifail(id, params, data): return fails(id,"interact",dict({"surface":"main"},**params),-32602,data)
EV=lambda node,mod,aid,surface="main": {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":surface,"node":node,"modifier":mod,"payload":{"$exact":{"swipeActions":{"$exact":{"id":aid}}}}}}}}}
V(I,"swipe reveals trailing", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"trailing"},{"$exact":{"handled":True,"edge":"trailing","revealed":["delete","flag"]}}), init=True)
V(I,"swipe reveals leading", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"leading"},{"handled":True,"edge":"leading","revealed":["pin"]}), init=True)
V(I,"index path names a keyed row", mm()+act(5,{"node":"0/0","gesture":"swipe","edge":"trailing"},{"handled":True,"revealed":["delete","flag"]}), init=True)
V(I,"tapAction performs and event comes first", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"trailing"},{"handled":True})+[send(req(7,"interact",{"surface":"main","node":"row-1","gesture":"tapAction","id":"delete"})),EV("row-1",0,"delete"),ok(7,{"$exact":{"handled":True,"performed":"delete","modifier":0}})], init=True)
V(I,"row closes after a tap", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"trailing"},{"handled":True})+[send(req(7,"interact",{"surface":"main","node":"row-1","gesture":"tapAction","id":"flag"})),EV("row-1",0,"flag"),ok(7,{"performed":"flag"})]
   +act(8,{"node":"row-1","gesture":"tapAction","id":"delete"},{"handled":False,"reason":{"$type":"string"}})+call(9,"snapshot",{"surface":"main"},{"root":{"children":[{"swipeActions":{"revealed":None}},{"$any":True}]}}), init=True)
V(I,"tapAction not revealed is not handled", mm()+[send(req(8,"interact",{"surface":"main","node":"row-1","gesture":"tapAction","id":"delete"})),ok(8,{"$exact":{"handled":False,"reason":{"$type":"string"}}}),QUIET], init=True)
V(I,"tapAction on the other edge is not handled", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"leading"},{"handled":True})+[send(req(8,"interact",{"surface":"main","node":"row-1","gesture":"tapAction","id":"delete"})),ok(8,{"handled":False}),QUIET], init=True)
V(I,"tapAction unknown id is not handled", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"trailing"},{"handled":True})+act(8,{"node":"row-1","gesture":"tapAction","id":"zzz"},{"handled":False,"reason":{"$type":"string"}}), init=True)
V(I,"full swipe with allowsFullSwipe performs the first", mm()+[send(req(9,"interact",{"surface":"main","node":"row-1","gesture":"swipe","edge":"leading","full":True})),EV("row-1",0,"pin"),ok(9,{"$exact":{"handled":True,"performed":"pin","modifier":0,"revealed":[]}})]
   +call(10,"snapshot",{"surface":"main"},{"root":{"children":[{"swipeActions":{"revealed":None}},{"$any":True}]}}), init=True)
V(I,"full trailing swipe performs the nearest", mm()+[send(req(9,"interact",{"surface":"main","node":"row-1","gesture":"swipe","edge":"trailing","full":True})),EV("row-1",0,"delete"),ok(9,{"performed":"delete","revealed":[]})], init=True)
V(I,"full swipe without allowsFullSwipe only reveals", mount(1,"s",{"type":"List","children":[row("r",[SA([{"id":"delete"}])])]})+[send(req(12,"interact",{"surface":"s","node":"r","gesture":"swipe","edge":"trailing","full":True})),ok(12,{"$exact":{"handled":True,"edge":"trailing","revealed":["delete"]}}),QUIET], init=True)
V(I,"full false only reveals", mm()+[send(req(9,"interact",{"surface":"main","node":"row-1","gesture":"swipe","edge":"leading","full":False})),ok(9,{"handled":True,"edge":"leading","revealed":["pin"]}),QUIET], init=True)
V(I,"swipe replaces the other edge", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"trailing"},{"handled":True})+act(6,{"node":"row-1","gesture":"swipe","edge":"leading"},{"handled":True})+call(7,"snapshot",{"surface":"main"},{"root":{"children":[{"swipeActions":{"revealed":"leading"}},{"$any":True}]}}), init=True)
V(I,"swipe on a row without actions on that edge", mount(1,"s",{"type":"List","children":[row("r",[SA([{"id":"d"}])])]})+call(2,"interact",{"surface":"s","node":"r","gesture":"swipe","edge":"leading"},{"$exact":{"handled":False,"reason":{"$type":"string"}}}), init=True)
V(I,"swipe on a plain row", mm()+act(11,{"node":"0/1","gesture":"swipe","edge":"trailing"},{"handled":False,"reason":{"$type":"string"}}), init=True)
V(I,"swipe on a non-row", mm()+act(13,{"node":"0/0/0","gesture":"swipe","edge":"trailing"},{"handled":False,"reason":{"$type":"string"}}), init=True)
V(I,"tap on a row without tap handlers is not handled", mm()+act(12,{"node":"0/0/0","gesture":"tap"},{"$exact":{"handled":False,"reason":{"$type":"string"}}})+[QUIET], init=True)
V(I,"unknown node", mm()+ifail(5,{"node":"zz","gesture":"swipe"},{"path":"node","expected":"a node key or index path","got":"zz"}), init=True)
V(I,"index path out of range", mm()+ifail(5,{"node":"0/7","gesture":"swipe","edge":"leading"},{"path":"node","got":"0/7"}), init=True)
V(I,"node missing", mm()+ifail(5,{"gesture":"swipe"},{"path":"node","expected":"string","got":"nothing"}), init=True)
V(I,"node not a string", mm()+ifail(5,{"node":0,"gesture":"swipe"},{"path":"node","expected":"string","got":"number"}), init=True)
V(I,"gesture missing", mm()+ifail(5,{"node":"row-1"},{"path":"gesture","expected":"string","got":"nothing"}), init=True)
V(I,"unknown gesture", mm()+ifail(7,{"node":"row-1","gesture":"pinch"},{"path":"gesture","expected":"one of swipe, tapAction, tap, longPress, refresh, submit, type, slide, detent, dismiss","got":"pinch","suggestion":{"$absent":True}}), init=True)
V(I,"unknown gesture close to one gets a suggestion", mm()+ifail(7,{"node":"row-1","gesture":"tpa"},{"path":"gesture","got":"tpa","suggestion":"tap"}), init=True)
V(I,"a misspelt longPress is suggested", mm()+ifail(7,{"node":"row-1","gesture":"longpres"},{"path":"gesture","got":"longpres","suggestion":"longPress"}), init=True)
V(I,"edge missing", mm()+ifail(7,{"node":"row-1","gesture":"swipe"},{"path":"edge","expected":"string","got":"nothing"}), init=True)
V(I,"edge not an edge", mm()+ifail(9,{"node":"row-1","gesture":"swipe","edge":"top"},{"path":"edge","expected":"leading or trailing","got":"top"}), init=True)
V(I,"edge not a string", mm()+ifail(9,{"node":"row-1","gesture":"swipe","edge":1},{"path":"edge","expected":"string","got":"number"}), init=True)
V(I,"full not a boolean", mm()+ifail(9,{"node":"row-1","gesture":"swipe","edge":"leading","full":"yes"},{"path":"full","expected":"boolean","got":"string"}), init=True)
V(I,"tapAction id missing", mm()+ifail(9,{"node":"row-1","gesture":"tapAction"},{"path":"id","expected":"string","got":"nothing"}), init=True)
V(I,"interact unknown surface", mm()+fails(3,"interact",{"surface":"nope","node":"r","gesture":"swipe"},-32602,{"path":"surface","expected":"a surface mounted by this connection","got":"nope"}), init=True)
V(I,"interact params array", mm()+fails(3,"interact",[],-32602,{"path":""}), init=True)
V(I,"failed interact keeps the row", mm()+act(5,{"node":"row-1","gesture":"swipe","edge":"trailing"},{"handled":True})+ifail(6,{"node":"row-1","gesture":"swipe","edge":"top"},{"path":"edge"})+call(7,"snapshot",{"surface":"main"},{"root":{"children":[{"swipeActions":{"revealed":"trailing"}},{"$any":True}]}}), init=True)
ACC={"type":"List","children":[row("r",[SA([{"id":"t1"},{"id":"t2"}],[{"id":"l1"}]),SA([{"id":"t3"}],[{"id":"l2"}],True)])]}
V(I,"actions accumulate per edge in modifier order", mount(1,"s",ACC)+call(2,"interact",{"surface":"s","node":"r","gesture":"swipe","edge":"trailing"},{"revealed":["t1","t2","t3"]})+call(3,"interact",{"surface":"s","node":"r","gesture":"swipe","edge":"leading"},{"revealed":["l1","l2"]}), init=True)
V(I,"accumulated snapshot shows modifier index", mount(1,"s",ACC)+call(2,"snapshot",{"surface":"s"},{"root":{"children":[{"swipeActions":{"trailing":[{"id":"t1","modifier":0},{"id":"t2","modifier":0},{"id":"t3","modifier":1}],"leading":[{"id":"l1","modifier":0},{"id":"l2","modifier":1}],"allowsFullSwipe":{"leading":False,"trailing":False}}}]}}), init=True)
V(I,"full swipe follows the first action's group", mount(1,"s",{"type":"List","children":[row("r",[SA(None,[{"id":"l1"}],True),SA([{"id":"t3"}])])]})+call(2,"snapshot",{"surface":"s"},{"root":{"children":[{"swipeActions":{"allowsFullSwipe":{"leading":True,"trailing":False}}}]}}), init=True)
V(I,"second modifier's action carries its index", mount(1,"s",ACC)+call(2,"interact",{"surface":"s","node":"r","gesture":"swipe","edge":"trailing"},{"handled":True})+[send(req(3,"interact",{"surface":"s","node":"r","gesture":"tapAction","id":"t3"})),EV("r",1,"t3","s"),ok(3,{"performed":"t3","modifier":1})], init=True)
V(I,"two same-type modifiers do not steal events", mount(1,"s",ACC)+call(2,"interact",{"surface":"s","node":"r","gesture":"swipe","edge":"leading"},{"handled":True})+[send(req(3,"interact",{"surface":"s","node":"r","gesture":"tapAction","id":"l1"})),EV("r",0,"l1","s"),ok(3,{"performed":"l1","modifier":0})], init=True)
V(I,"row in Section in List gets actions", mount(1,"s",{"type":"List","children":[{"type":"Section","children":[row("r",[SA([{"id":"d"}])])]}]})+call(2,"interact",{"surface":"s","node":"r","gesture":"swipe","edge":"trailing"},{"handled":True,"revealed":["d"]}), init=True)
V(I,"Section in List is itself a row", mount(1,"s",{"type":"List","children":[{"type":"Section","key":"sec","modifiers":[SA([{"id":"d"}])]}]})+call(2,"interact",{"surface":"s","node":"sec","gesture":"swipe","edge":"trailing"},{"handled":True,"revealed":["d"]}), init=True)
V(I,"destructive with tint keeps the tint", mount(1,"s",{"type":"List","children":[row("r",[SA([{"id":"d","role":"destructive","tint":"#00FF00"}])])]})+call(2,"snapshot",{"surface":"s"},{"root":{"children":[{"swipeActions":{"trailing":[{"tint":"#00FF00FF","role":"destructive"}]}}]}}), init=True)
V(I,"colour forms resolve", mount(1,"s",{"type":"List","children":[row("r",[SA([{"id":"a","tint":"#abc"},{"id":"b","tint":"#11223344"},{"id":"c","tint":"red"},{"id":"d","tint":"rgb(255, 0, 0)"},{"id":"e","tint":"transparent"},{"id":"f","tint":"#1234"}])])]})
   +call(2,"snapshot",{"surface":"s"},{"root":{"children":[{"swipeActions":{"trailing":[{"tint":"#AABBCCFF"},{"tint":"#11223344"},{"tint":"#FF0000FF"},{"tint":"#FF0000FF"},{"tint":"#00000000"},{"tint":"#11223344"}]}}]}}), init=True)
V(I,"cancel role without tint has no tint", mount(1,"s",{"type":"List","children":[row("r",[SA([{"id":"c","role":"cancel","systemImage":"xmark"}])])]})+call(2,"snapshot",{"surface":"s"},{"root":{"children":[{"swipeActions":{"trailing":[{"$exact":{"id":"c","label":"","systemImage":"xmark","symbolVariant":"fill","tint":None,"role":"cancel","modifier":0}}]}}]}}), init=True)
V(I,"row with an empty modifier shows empty swipeActions", mount(1,"s",{"type":"List","children":[row("r",[SA()])]})+call(2,"snapshot",{"surface":"s"},{"root":{"children":[{"swipeActions":{"$exact":{"leading":[],"trailing":[],"allowsFullSwipe":{"leading":False,"trailing":False},"revealed":None}}}]}}), init=True)
V(I,"no swipeActions member outside a list", [send(req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}})),{"expectNotification":{"method":"diagnostic"}},ok(1)]
   +call(2,"snapshot",{"surface":"o"},{"root":{"children":[{"id":"t","modifiers":[{"$type":"swipeActions"}],"swipeActions":{"$absent":True}}]}}), init=True)
V(I,"event node is the current index path", mount(1,"s",{"type":"List","children":[{"type":"Text"},{"type":"HStack","modifiers":[SA([{"id":"d"}])]}]})
   +call(2,"update",{"surface":"s","root":{"type":"List","children":[{"type":"HStack","modifiers":[SA([{"id":"d"}])]}]}},{"$any":True})
   +call(3,"interact",{"surface":"s","node":"0/0","gesture":"swipe","edge":"trailing"},{"handled":True})+[send(req(4,"interact",{"surface":"s","node":"0/0","gesture":"tapAction","id":"d"})),EV("0/0",0,"d","s"),ok(4)], init=True)
V(I,"events go to the owner only", [send(req(1,"mount",{"surface":"main","root":MAIN}),on="a"),ok(1),send(req(2,"mount",{"surface":"main","root":MAIN}),on="b"),ok(2),
   send(req(3,"interact",{"surface":"main","node":"row-1","gesture":"swipe","edge":"leading","full":True}),on="a"),dict(EV("row-1",0,"pin"),on="a"),dict(ok(3,{"performed":"pin"}),on="a"),{"quiet":200,"on":"b"}], init=True, connections=["a","b"])
V(I,"event of a notification interact still sent", mm()+[send(note("interact",{"surface":"main","node":"row-1","gesture":"swipe","edge":"leading","full":True})),EV("row-1",0,"pin"),QUIET], init=True)
V(I,"batch events come before the batch array", mm()+[send([req("s","interact",{"surface":"main","node":"row-1","gesture":"swipe","edge":"trailing"}),req("t","interact",{"surface":"main","node":"row-1","gesture":"tapAction","id":"flag"})]),EV("row-1",0,"flag"),{"expect":[{"id":"s","result":{"handled":True}},{"id":"t","result":{"performed":"flag"}}]}], init=True)

# ---------------- diagnostics ----------------
D="diagnostics"
DIAG=lambda node,path,surface="o": {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"severity":"warning","code":"swipe-actions-outside-list","message":{"$type":"string"},"surface":surface,"node":node,"path":path}}}}
V(D,"swipe actions outside a list", [send(req(12,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x","label":"X"}])]}]}})),DIAG("t","root.children[0].modifiers[0]"),ok(12,{"surface":"o"})], init=True)
V(D,"swipe actions on the List itself", [send(req(1,"mount",{"surface":"o","root":{"type":"List","modifiers":[SA([{"id":"x"}])]}})),DIAG("0","root.modifiers[0]"),ok(1)], init=True)
V(D,"swipe actions on a row's child", [send(req(1,"mount",{"surface":"o","root":{"type":"List","children":[{"type":"HStack","children":[{"type":"Text","modifiers":[SA([{"id":"x"}])]}]}]}})),DIAG("0/0/0","root.children[0].children[0].modifiers[0]"),ok(1)], init=True)
V(D,"swipe actions in a Section outside a List", [send(req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Section","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}]}})),DIAG("t","root.children[0].children[0].modifiers[0]"),ok(1)], init=True)
V(D,"one diagnostic per modifier", [send(req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}]),SA([{"id":"y"}])]}]}})),DIAG("t","root.children[0].modifiers[0]"),DIAG("t","root.children[0].modifiers[1]"),ok(1),QUIET], init=True)
V(D,"no diagnostic for a List row", mount(1,"ok",MAIN)+[QUIET], init=True)
V(D,"diagnostic on a notification mount", [send(note("mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}})),DIAG("t","root.children[0].modifiers[0]"),QUIET], init=True)
V(D,"diagnostic before a batch array", [send([req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}}),req(2,"ping")]),DIAG("t","root.children[0].modifiers[0]"),{"expect":[{"id":1,"result":{"surface":"o"}},{"id":2,"result":{}}]}], init=True)
V(D,"no initialize diagnostics with healthy plugins", [send(req(1,"initialize",{"protocolVersion":1})),ok(1,{"protocolVersion":1})])
V(D,"diagnostics only to the owner", [send(req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","key":"t","modifiers":[SA([{"id":"x"}])]}]}}),on="a"),dict(DIAG("t","root.children[0].modifiers[0]"),on="a"),dict(ok(1),on="a"),{"quiet":200,"on":"b"}], init=True, connections=["a","b"])
V(D,"an empty modifier outside a list is diagnosed too", [send(req(1,"mount",{"surface":"o","root":{"type":"VStack","children":[{"type":"Text","modifiers":[SA()]}]}})),DIAG("0/0","root.children[0].modifiers[0]"),{"expect":{"id":1,"result":{"surface":"o"}}}], init=True)

UNK=lambda node,path,key,known,suggestion=None,surface="o": {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"$exact":dict({"severity":"warning","code":"unknown-param","message":{"$type":"string"},"surface":surface,"node":node,"path":path,"key":key,"known":known},**({"suggestion":suggestion} if suggestion else {}))}}}}
SAKEYS=["leading","trailing","allowsFullSwipe"]
ACTKEYS=["id","label","systemImage","tint","role"]
ROWU=lambda mods: {"type":"List","children":[{"type":"Text","key":"r","modifiers":mods}]}
V(D,"a misspelt param is an unknown-param warning with a suggestion", [send(req(1,"mount",{"surface":"o","root":ROWU([{"$type":"swipeActions","trailling":[{"id":"x"}]}])})),UNK("r","root.children[0].modifiers[0].trailling","trailling",SAKEYS,"trailing"),ok(1,{"surface":"o"}),QUIET], init=True)
V(D,"an unknown key inside an action names its place", [send(req(1,"mount",{"surface":"o","root":ROWU([SA([{"id":"x"},{"id":"y","lable":"Y"}])])})),UNK("r","root.children[0].modifiers[0].trailing[1].lable","lable",ACTKEYS,"label"),ok(1),QUIET], init=True)
V(D,"an unknown key far from every param has no suggestion", [send(req(1,"mount",{"surface":"o","root":ROWU([{"$type":"padding","onPress":"f"}])})),UNK("r","root.children[0].modifiers[0].onPress","onPress",["all","horizontal","vertical","top","bottom","leading","trailing"]),ok(1),QUIET], init=True)
V(D,"one unknown-param per unknown member", [send(req(1,"mount",{"surface":"o","root":ROWU([{"$type":"onTapGesture","cont":2,"extra":1}])})),UNK("r","root.children[0].modifiers[0].cont","cont",["count"],"count"),UNK("r","root.children[0].modifiers[0].extra","extra",["count"]),ok(1),QUIET], init=True)
V(D,"a kept modifier is not reported again", [send(req(1,"mount",{"surface":"o","root":ROWU([{"$type":"hidden","hiden":True}])})),UNK("r","root.children[0].modifiers[0].hiden","hiden",["hidden"],"hidden"),ok(1),
   send(req(2,"update",{"surface":"o","root":ROWU([{"$type":"hidden","hiden":True}])})),ok(2,{"$exact":C(0,0,1,0)}),QUIET], init=True)
UNKP=lambda node,path,key,known,suggestion=None,surface="o": {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"$exact":dict({"severity":"warning","code":"unknown-prop","message":{"$type":"string"},"surface":surface,"node":node,"path":path,"key":key,"known":known},**({"suggestion":suggestion} if suggestion else {}))}}}}
V(D,"a prop the view does not list is kept and is an unknown-prop warning", [send(req(1,"mount",{"surface":"o","root":{"type":"List","children":[{"type":"HStack","key":"r","props":{"alignmnt":"center"}}]}})),UNKP("r","root.children[0].props.alignmnt","alignmnt",["alignment","spacing","testID"],"alignment"),ok(1,{"surface":"o"})]
   +call(2,"snapshot",{"surface":"o"},{"root":{"children":[{"props":{"$exact":{"alignmnt":"center"}}}]}})+[QUIET], init=True)
V(D,"with strictParams an unknown prop fails the mount", [send(req(1,"initialize",{"protocolVersion":1,"strictParams":True})),ok(1),
   send(req(2,"mount",{"surface":"o","root":{"type":"Text","props":{"txt":"x"}}})),err(2,-32602,{"path":"root.props.txt","expected":{"$type":"string"},"key":"txt","suggestion":"text"}),QUIET])
V(D,"declared params send no unknown-param", [send(req(1,"mount",{"surface":"o","root":ROWU([SA([{"id":"x","label":"X","role":"destructive"}]),{"$type":"padding","all":2}])})),ok(1),QUIET], init=True)
V(D,"strictParams is echoed by initialize", [send(req(1,"initialize",{"protocolVersion":1,"strictParams":True})),ok(1,{"protocolVersion":1,"strictParams":True})])
V(D,"without strictParams initialize does not mention it", [send(req(1,"initialize",{"protocolVersion":1,"strictParams":False})),ok(1,{"strictParams":{"$absent":True}})])
V(D,"strictParams must be a boolean", [send(req(1,"initialize",{"protocolVersion":1,"strictParams":1})),err(1,-32602,{"path":"strictParams","expected":"boolean"})])
V(D,"with strictParams an unknown param fails the mount", [send(req(1,"initialize",{"protocolVersion":1,"strictParams":True})),ok(1),
   send(req(2,"mount",{"surface":"o","root":ROWU([{"$type":"swipeActions","trailling":[]}])})),err(2,-32602,{"path":"root.children[0].modifiers[0].trailling","expected":"one of leading, trailing, allowsFullSwipe","got":"trailling","key":"trailling","known":SAKEYS,"suggestion":"trailing"}),
   send(req(3,"snapshot",{"surface":"o"})),err(3,-32602,{"path":"surface"})])
V(D,"with strictParams a failed update keeps the tree", [send(req(1,"initialize",{"protocolVersion":1,"strictParams":True})),ok(1),
   send(req(2,"mount",{"surface":"o","root":ROWU([SA([{"id":"x"}])])})),ok(2),
   send(req(3,"update",{"surface":"o","root":ROWU([SA([{"id":"x","lable":"X"}])])})),err(3,-32602,{"path":"root.children[0].modifiers[0].trailing[0].lable","suggestion":"label"}),
   send(req(4,"snapshot",{"surface":"o"})),ok(4,{"root":{"children":[{"swipeActions":{"trailing":[{"id":"x","label":""}]}}]}}),QUIET])
V(D,"describe gives a modifier's description and event payload", [send(req(1,"describe")),ok(1,{"modifiers":{"$includes":[
   {"type":"swipeActions","description":{"$type":"string"},"event":{"$exact":{"properties":{"$exact":{"id":{"$exact":{"type":"string"}}}},"required":["id"],"type":"object"}},
    "params":{"properties":{"trailing":{"description":{"$type":"string"}}}}},
   {"type":"refreshable","event":{"$exact":{"properties":{"$exact":{"id":{"$exact":{"type":"string"}}}},"required":["id"],"type":"object"}}},
   {"type":"onTapGesture","event":{"$exact":{"properties":{"$exact":{}},"required":[],"type":"object"}}},
   {"type":"padding","event":{"$absent":True}},
   {"type":"background","params":{"properties":{"color":{"default":{"$absent":True}}},"required":["$type","color"]}}]}})], init=True)
V(D,"describe gives a modifier's JS arguments and its params' bounds", [send(req(1,"describe")),ok(1,{"modifiers":{"$includes":[
   {"type":"opacity","arguments":[{"kind":"value","keys":["value"]}],"params":{"properties":{"value":{"type":"number","minimum":0,"maximum":1}}}},
   {"type":"padding","arguments":[{"kind":"valueOrOptions","keys":["all"]}]},
   {"type":"background","arguments":[{"kind":"value","keys":["color"]},{"kind":"valueOrOptions","keys":["shape"]}]},
   {"type":"aspectRatio","params":{"properties":{"ratio":{"anyOf":[{"type":"number","exclusiveMinimum":0},{"type":"null"}]}}}},
   {"type":"swipeActions","arguments":{"$absent":True}}]}})], init=True)
V(D,"a value below a param's bound is refused at its path", [send(req(1,"mount",{"surface":"b","root":{"type":"Text","props":{"text":"x"},"modifiers":[{"$type":"opacity","value":1.5}]}})),
   err(1,-32602,{"path":"root.modifiers[0].value","expected":"Double","got":"1.5"}),send(req(2,"ping")),ok(2)], init=True)

# ---------------- limits (on a host started with small limits: hostArguments) ----------------
L="limits"
def texts(n): return {"type":"List","children":[{"type":"Text","props":{"text":"row %d of the list" % i}} for i in range(n)]}
V(L,"a frame not whole within the frame timeout ends the connection",
  [{"sendRaw":"00000064"+"20"*10},err(None,-32600,{"reason":"frame-timeout","received":14,"seconds":1},exact_data=True),{"expectClose":True}],
  hostArguments=["--frame-timeout","1"], timeout=5000)
V(L,"whole frames are never late",
  [{"sleep":600},send(req(1,"ping")),ok(1,{}),{"sleep":600},send(req(2,"ping")),ok(2,{})],
  hostArguments=["--frame-timeout","1"], timeout=5000)
V(L,"a batch whose reply passes the outbound limit runs no more requests",
  mount(2,"big",texts(100))+[send([req(3,"snapshot",{"surface":"big"}),req(4,"unmount",{"surface":"big"}),note("unmount",{"surface":"big"}),req(5,"ping"),"hello"]),
   {"expectNotification":{"method":"diagnostic","params":{"severity":"warning","code":"batch-notifications-not-run","message":{"$contains":"1 notification"}}}},
   {"expect":[{"id":3,"result":{"root":{"type":"List"}}},
              {"id":4,"error":{"code":-32001,"data":{"$exact":{"reason":"batch-reply","limit":4096}}}},
              {"id":5,"error":{"code":-32001,"data":{"reason":"batch-reply"}}},
              {"id":None,"error":{"code":-32600}}]},
   send(req(6,"snapshot",{"surface":"big"})),ok(6,{"root":{"type":"List"}})],
  init=True, hostArguments=["--max-outbound","4K"])
V(L,"a connection grows to its fair share of the node budget",
  [send(req(1,"mount",{"surface":"a","root":texts(3)}),on="a"),ok(1),
   send(req(2,"mount",{"surface":"b","root":texts(5)}),on="b"),
   err(2,-32001,{"reason":"node-share","limit":5,"path":"root.children[4]","share":5,"held":0,"connections":2}),
   send(req(3,"mount",{"surface":"b","root":texts(4)}),on="b"),ok(3),
   send(req(4,"update",{"surface":"a","root":texts(5)}),on="a"),err(4,-32001,{"reason":"node-share","limit":5}),
   send(req(5,"update",{"surface":"a","root":texts(1)}),on="a"),ok(5)],
  init=True, connections=["a","b"], hostArguments=["--max-nodes","10"])
V(L,"what is left of the node budget binds",
  [send(req(1,"mount",{"surface":"a","root":texts(8)}),on="a"),ok(1),
   send(req(2,"mount",{"surface":"b","root":texts(1)}),on="b"),
   err(2,-32001,{"reason":"node-budget","limit":1,"path":"root.children[0]","budget":10,"heldByAll":9}),
   {"close":True,"on":"a"},{"sleep":200,"on":"b"},
   send(req(3,"mount",{"surface":"b","root":texts(8)}),on="b"),ok(3)],
  init=True, connections=["a","b"], hostArguments=["--max-nodes","10"])

# ---------------- gestures: tap, longPress, refresh, submit (ExpoUI handlers, hit testing) ----------------
G="gestures"
def M(t, **params): d={"$type":t}; d.update(params); return d
TAP=M("onTapGesture"); LONG=M("onLongPressGesture"); SHAPE=M("contentShape",shape="rectangle")
def N(t, key=None, mods=None, children=None, **kw):
    n={"type":t}
    if key is not None: n["key"]=key
    if mods: n["modifiers"]=mods
    if children is not None: n["children"]=children
    n.update(kw); return n
def EVP(node, mod, payload, surface="g"):
    return {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":surface,"node":node,"modifier":mod,"payload":{"$exact":payload}}}}}}
def gact(id, node, gesture, **params): return send(req(id,"interact",dict({"surface":"g","node":node,"gesture":gesture},**params)))
def handled(id, node, mod, **more): return ok(id,{"$exact":dict({"handled":True,"node":node,"modifier":mod},**more)})
NOT=lambda id: ok(id,{"$exact":{"handled":False,"reason":{"$type":"string"}}})
def tapped(id, target, node, mod, payload="onTapGesture", **params):
    return [gact(id,target,"tap" if payload=="onTapGesture" else "longPress",**params),EVP(node,mod,{payload:{}}),handled(id,node,mod)]
def ignored(id, target, gesture, **params): return [gact(id,target,gesture,**params),NOT(id),QUIET]
# a row (HStack) with a tap and a long-press handler around a Text and a Spacer
ROWG=N("VStack","top",None,[N("HStack","row",[TAP,LONG],[N("Text","label",props={"text":"Hi"}),N("Spacer","gap")])])
def mg(root=ROWG): return mount(1,"g",root)
V(G,"tap on content reaches the handler of an ancestor", mg()+tapped(2,"label","row",0)+[QUIET], init=True)
V(G,"tap is handled by the node's own handler first", mg(N("HStack","row",[TAP],[N("Text","t",[TAP])]))+tapped(2,"t","t",0)+[QUIET], init=True)
V(G,"modifier 0 is tried before modifier 1", mg(N("Text","t",[TAP,TAP]))+tapped(2,"t","t",0)+[QUIET], init=True)
V(G,"tap count defaults to 1", mg(N("Text","t",[M("onTapGesture",count=2),M("onTapGesture",count=1)]))+tapped(2,"t","t",1), init=True)
V(G,"double tap reaches the count-2 handler", mg(N("Text","t",[M("onTapGesture",count=1),M("onTapGesture",count=2)]))+tapped(2,"t","t",1,count=2), init=True)
V(G,"count written 2.0 is 2", mg(N("Text","t",[M("onTapGesture",count=2)]))+tapped(2,"t","t",0,count=2.0), init=True)
V(G,"tap count mismatch is not handled", mg()+ignored(2,"label","tap",count=2), init=True)
V(G,"a handler that does not match is passed over", mg(N("HStack","row",[TAP],[N("Text","t",[M("onTapGesture",count=2)])]))+tapped(2,"t","row",0)+[QUIET], init=True)
V(G,"tap on a node without handlers is not handled", mg(N("VStack","v",None,[N("Text","t")]))+ignored(2,"t","tap"), init=True)
V(G,"tap on a hidden node is not handled", mg(N("Text","t",[TAP,M("hidden")]))+ignored(2,"t","tap"), init=True)
V(G,"tap under a hidden ancestor is not handled", mg(N("VStack","v",[M("hidden")],[N("Text","t",[TAP])]))+ignored(2,"t","tap"), init=True)
V(G,"hidden false hides nothing", mg(N("Text","t",[TAP,M("hidden",hidden=False)]))+tapped(2,"t","t",0), init=True)
V(G,"tap on a disabled node is not handled", mg(N("Text","t",[TAP,M("disabled")]))+ignored(2,"t","tap"), init=True)
V(G,"tap under a disabled ancestor is not handled", mg(N("VStack","v",[M("disabled")],[N("Text","t",[TAP])]))+ignored(2,"t","tap"), init=True)
V(G,"disabled false does not undo an ancestor's disabled", mg(N("VStack","v",[M("disabled")],[N("Text","t",[TAP,M("disabled",disabled=False)])]))+ignored(2,"t","tap"), init=True)
V(G,"disabled false leaves the node enabled", mg(N("Text","t",[TAP,M("disabled",disabled=False)]))+tapped(2,"t","t",0), init=True)
V(G,"tap on a stack's empty space without contentShape is not handled", mg()+ignored(2,"row","tap"), init=True)
V(G,"tap on a Spacer without contentShape is not handled", mg()+ignored(2,"gap","tap"), init=True)
V(G,"contentShape makes a stack's empty space hittable", mg(N("VStack","top",None,[N("HStack","row",[TAP,SHAPE],[N("Text","label")])]))+tapped(2,"row","row",0), init=True)
V(G,"background makes a stack's empty space hittable", mg(N("VStack","top",None,[N("HStack","row",[TAP,M("background",color="red")],[N("Text","label")])]))+tapped(2,"row","row",0), init=True)
V(G,"a Spacer's empty space goes to the row's contentShape", mg(N("VStack","top",None,[N("HStack","row",[TAP,SHAPE],[N("Text","label"),N("Spacer","gap")])]))+tapped(2,"gap","row",0), init=True)
V(G,"empty space goes to the nearest ancestor with a contentShape", mg(N("VStack","top",[TAP,SHAPE],[N("HStack","row",None,[N("Text","label")])]))+tapped(2,"row","top",0), init=True)
V(G,"handlers under the hit node are not tried", mg(N("VStack","top",[SHAPE],[N("HStack","row",[TAP],[N("Text","label")])]))+ignored(2,"row","tap"), init=True)
V(G,"empty space of a List without contentShape", mg(N("List","list",[TAP],[N("Text","a")]))+ignored(2,"list","tap")+tapped(3,"a","list",0), init=True)
V(G,"a Button node is content", mg(N("HStack","row",[TAP],[N("Button","b",[TAP])]))+tapped(2,"b","b",0), init=True)
V(G,"empty space of a ZStack with a background", mg(N("ZStack","z",[TAP,M("background",color="black")]))+tapped(2,"z","z",0), init=True)
V(G,"long press long enough", mg()+tapped(2,"label","row",1,"onLongPressGesture",duration=0.5)+[QUIET], init=True)
V(G,"long press longer than needed", mg()+tapped(2,"label","row",1,"onLongPressGesture",duration=3), init=True)
V(G,"long press too short is not handled", mg()+ignored(2,"label","longPress",duration=0.2), init=True)
V(G,"minimumDuration 0 takes a press of 0", mg(N("Text","t",[M("onLongPressGesture",minimumDuration=0)]))+tapped(2,"t","t",0,"onLongPressGesture",duration=0), init=True)
V(G,"minimumDuration is honoured", mg(N("Text","t",[M("onLongPressGesture",minimumDuration=2)]))+ignored(2,"t","longPress",duration=1.5)+tapped(3,"t","t",0,"onLongPressGesture",duration=2), init=True)
V(G,"a long press reaches no tap handler", mg(N("Text","t",[TAP]))+ignored(2,"t","longPress",duration=1), init=True)
V(G,"a tap reaches no long-press handler", mg(N("Text","t",[LONG]))+ignored(2,"t","tap"), init=True)
V(G,"a long press passes over a handler that needs longer", mg(N("HStack","row",[M("onLongPressGesture",minimumDuration=0.1)],[N("Text","t",[M("onLongPressGesture",minimumDuration=5)])]))+tapped(2,"t","row",0,"onLongPressGesture",duration=1), init=True)
V(G,"long press on a disabled node is not handled", mg(N("Text","t",[LONG,M("disabled")]))+ignored(2,"t","longPress",duration=1), init=True)
V(G,"long press on empty space is not handled", mg()+ignored(2,"row","longPress",duration=1), init=True)
def gfail(id, node, gesture, data, **params): return [gact(id,node,gesture,**params),err(id,-32602,data)]
V(G,"tap count 0", mg()+gfail(2,"label","tap",{"path":"count","expected":"an integer >= 1","got":"0"},count=0), init=True)
V(G,"tap count negative", mg()+gfail(2,"label","tap",{"path":"count","expected":"an integer >= 1","got":"-1"},count=-1), init=True)
V(G,"tap count not an integer", mg()+gfail(2,"label","tap",{"path":"count","expected":"integer"},count=1.5), init=True)
V(G,"tap count a string", mg()+gfail(2,"label","tap",{"path":"count","expected":"integer","got":"string"},count="2"), init=True)
V(G,"tap count null counts as absent", mg()+tapped(2,"label","row",0,count=None), init=True)
V(G,"longPress duration missing", mg()+gfail(2,"label","longPress",{"path":"duration","expected":"number","got":"nothing"}), init=True)
V(G,"longPress duration null is missing", mg()+gfail(2,"label","longPress",{"path":"duration","expected":"number"},duration=None), init=True)
V(G,"longPress duration negative", mg()+gfail(2,"label","longPress",{"path":"duration","expected":"a number >= 0","got":"-0.5"},duration=-0.5), init=True)
V(G,"longPress duration a string", mg()+gfail(2,"label","longPress",{"path":"duration","expected":"number","got":"string"},duration="1"), init=True)
V(G,"failed gesture sends no event", mg()+gfail(2,"label","tap",{"path":"count"},count=0)+[QUIET], init=True)
V(G,"tap events come before a batch array", mg()+[send([req("a","interact",{"surface":"g","node":"label","gesture":"tap"}),req("b","interact",{"surface":"g","node":"label","gesture":"longPress","duration":1})]),
   EVP("row",0,{"onTapGesture":{}}),EVP("row",1,{"onLongPressGesture":{}}),{"expect":[{"id":"a","result":{"$exact":{"handled":True,"node":"row","modifier":0}}},{"id":"b","result":{"$exact":{"handled":True,"node":"row","modifier":1}}}]}], init=True)
V(G,"a tap sent as a notification still sends its event", mg()+[send(note("interact",{"surface":"g","node":"label","gesture":"tap"})),EVP("row",0,{"onTapGesture":{}}),QUIET], init=True)
V(G,"snapshot lists handlers once each, in order", mg(N("Text","t",[M("onSubmit"),M("refreshable"),M("onDisappear"),TAP,LONG,TAP]))+call(2,"snapshot",{"surface":"g"},{"root":{"handlers":["tap","longPress","disappear","refresh","submit"]}}), init=True)
V(G,"snapshot: disabled on the subtree, hidden on the node only", mg(N("VStack","v",[M("disabled"),M("hidden")],[N("Text","t")]))
   +call(2,"snapshot",{"surface":"g"},{"root":{"disabled":True,"hidden":True,"children":[{"id":"t","disabled":True,"hidden":{"$absent":True}}]}}), init=True)
V(G,"snapshot: disabled false and hidden false show nothing", mg(N("Text","t",[M("disabled",disabled=False),M("hidden",hidden=False)]))
   +call(2,"snapshot",{"surface":"g"},{"root":{"disabled":{"$absent":True},"hidden":{"$absent":True}}}), init=True)
# refresh
REFR=M("refreshable")
def RID(node, mod): return {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":"g","node":node,"modifier":mod,"payload":{"$exact":{"refreshable":{"$exact":{"id":{"$type":"string"}}}}}}}}}}
def refreshed(id, target, node, mod): return [gact(id,target,"refresh"),RID(node,mod),handled(id,node,mod,refreshing=True)]
LIST=N("List","list",[REFR],[N("Text","a")])
V(G,"scrollDisabled on a List stops its refresh", mg(N("List","list",[REFR,M("scrollDisabled")],[N("Text","a")]))+ignored(2,"list","refresh"), init=True)
V(G,"scrollDisabled around a ScrollView stops its refresh", mg(N("VStack","v",[REFR,M("scrollDisabled")],[N("ScrollView","sv",None,[N("Text","a")])]))+ignored(2,"sv","refresh"), init=True)
V(G,"the innermost scrollDisabled wins", mg(N("VStack","v",[REFR,M("scrollDisabled")],[N("ScrollView","sv",[M("scrollDisabled",disabled=False)],[N("Text","a")])]))+refreshed(2,"sv","v",0)+[QUIET], init=True)
V(G,"refresh a List with its own refreshable", mg(LIST)+refreshed(2,"list","list",0)+[QUIET], init=True)
V(G,"refreshing shows in the snapshot", mg(LIST)+call(2,"snapshot",{"surface":"g"},{"root":{"refreshing":False}})+refreshed(3,"list","list",0)+call(4,"snapshot",{"surface":"g"},{"root":{"refreshing":True}}), init=True)
V(G,"a second refresh while refreshing is not handled", mg(LIST)+refreshed(2,"list","list",0)+ignored(3,"list","refresh"), init=True)
V(G,"refresh a ScrollView through an ancestor's refreshable", mg(N("VStack","v",[TAP,REFR],[N("ScrollView","sv",None,[N("Text","a")])]))+refreshed(2,"sv","v",1)
   +call(3,"snapshot",{"surface":"g"},{"root":{"refreshing":{"$absent":True},"children":[{"id":"sv","refreshing":True}]}}), init=True)
V(G,"the innermost refreshable runs", mg(N("VStack","v",[REFR],[N("List","list",[TAP,REFR,REFR])]))+refreshed(2,"list","list",1), init=True)
V(G,"two lists under one refreshable refresh on their own", mg(N("VStack","v",[REFR],[N("List","l1"),N("List","l2")]))+refreshed(2,"l1","v",0)+refreshed(3,"l2","v",0)
   +call(4,"snapshot",{"surface":"g"},{"root":{"children":[{"id":"l1","refreshing":True},{"id":"l2","refreshing":True}]}}), init=True)
V(G,"a kept List keeps refreshing across an update", mg(LIST)+refreshed(2,"list","list",0)+call(3,"update",{"surface":"g","root":N("List","list",[REFR],[N("Text","b")])},{"unchanged":1})+call(4,"snapshot",{"surface":"g"},{"root":{"refreshing":True}})+ignored(5,"list","refresh"), init=True)
V(G,"a List that replaces a refreshing one is not refreshing", mg(LIST)+refreshed(2,"list","list",0)+call(3,"update",{"surface":"g","root":N("List","list2",[REFR])},{"created":1,"removed":1})+call(4,"snapshot",{"surface":"g"},{"root":{"id":"list2","refreshing":False}})+refreshed(5,"list2","list2",0), init=True)
V(G,"a List without modifiers under a refreshable shows refreshing", mg(N("VStack","v",[REFR],[N("List","l")]))+call(2,"snapshot",{"surface":"g"},{"root":{"children":[{"$exact":{"type":"List","id":"l","key":"l","refreshing":False}}]}}), init=True)
V(G,"refresh of a node that is not a List or ScrollView", mg(N("VStack","v",[REFR],[N("Text","t")]))+ignored(2,"t","refresh")+ignored(3,"v","refresh"), init=True)
V(G,"refresh without a refreshable in reach", mg(N("VStack","v",None,[N("List","list")]))+ignored(2,"list","refresh")+call(3,"snapshot",{"surface":"g"},{"root":{"children":[{"id":"list","refreshing":{"$absent":True}}]}}), init=True)
V(G,"refresh of a disabled List", mg(N("List","list",[REFR,M("disabled")]))+ignored(2,"list","refresh"), init=True)
V(G,"refresh under a hidden ancestor", mg(N("VStack","v",[M("hidden")],[N("List","list",[REFR])]))+ignored(2,"list","refresh"), init=True)
# A refresh completed by the front-end: the id the host chose is captured from the event and sent back.
def RCAP(node, mod): return {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":"g","node":node,"modifier":mod,"payload":{"$exact":{"refreshable":{"$exact":{"id":{"$capture":"refresh"}}}}}}}}}}
COMPLETE_CAPTURED={"module":"ExpoUI","function":"completeRefresh","args":[{"$var":"refresh"}]}
V(G,"completeRefresh ends the refresh", mg(LIST)+[gact(2,"list","refresh"),RCAP("list",0),handled(2,"list",0,refreshing=True)]
   +call(3,"callFunction",COMPLETE_CAPTURED,{"$exact":{"result":None}})
   +call(4,"snapshot",{"surface":"g"},{"root":{"refreshing":False}})
   +[gact(5,"list","refresh"),RID("list",0),handled(5,"list",0,refreshing=True)], init=True)
V(G,"a refresh completes once", mg(LIST)+[gact(2,"list","refresh"),RCAP("list",0),handled(2,"list",0,refreshing=True)]
   +call(3,"callFunction",COMPLETE_CAPTURED,{"$exact":{"result":None}})
   +fails(4,"callFunction",COMPLETE_CAPTURED,-32003,{"$exact":{"module":"ExpoUI","function":"completeRefresh","error":{"$type":"string"}}}), init=True)
V(G,"a refresh whose List left cannot be completed", mg(LIST)+[gact(2,"list","refresh"),RCAP("list",0),handled(2,"list",0,refreshing=True)]
   +call(3,"unmount",{"surface":"g"})
   +fails(4,"callFunction",COMPLETE_CAPTURED,-32003,{"$exact":{"module":"ExpoUI","function":"completeRefresh","error":{"$type":"string"}}}), init=True)
V(G,"completeRefresh of an id never started is -32003", mg(LIST)+refreshed(2,"list","list",0)
   +fails(3,"callFunction",{"module":"ExpoUI","function":"completeRefresh","args":["no-such-refresh"]},-32003,{"$exact":{"module":"ExpoUI","function":"completeRefresh","error":{"$type":"string"}}})
   +call(4,"snapshot",{"surface":"g"},{"root":{"refreshing":True}}), init=True)
# submit
FORM=N("VStack","form",[M("onSubmit")],[N("HStack","line",[TAP],[N("TextField","field",[M("onSubmit"),M("onSubmit")],props={"defaultValue":"","placeholder":"Name"})])])
def submitted(id, target, handlers):
    return [gact(id,target,"submit")]+[EVP(n,m,{"onSubmit":{}}) for n,m in handlers]+[ok(id,{"$exact":{"handled":True,"handlers":[{"$exact":{"node":n,"modifier":m}} for n,m in handlers]}})]
V(G,"submit runs every onSubmit from the field up, innermost first", mg(N("VStack","root",[M("onSubmit")],[FORM]))+submitted(2,"field",[("field",0),("field",1),("form",0),("root",0)])+[QUIET], init=True)
V(G,"submit reaches an ancestor's onSubmit", mg(N("VStack","form",[M("onSubmit")],[N("TextField","field")]))+submitted(2,"field",[("form",0)]), init=True)
V(G,"submit without onSubmit is not handled", mg(N("VStack","form",[TAP],[N("TextField","field")]))+ignored(2,"field","submit"), init=True)
V(G,"submit on a node that is not a TextField", mg(N("VStack","form",[M("onSubmit")],[N("Text","t")]))+ignored(2,"t","submit")+ignored(3,"form","submit"), init=True)
V(G,"TextField props the host does not read are not type-checked", mg(N("TextField","f",props={"placeholder":5,"defaultValue":None}))+call(2,"snapshot",{"surface":"g"},{"root":{"$exact":{"type":"TextField","id":"f","key":"f","props":{"placeholder":5,"defaultValue":None},"value":""}}}), init=True)
V(G,"a TextField takes no children", mfail(2,{"type":"TextField","children":[{"type":"Text"}]},{"path":"root.children","expected":"no children"}), init=True)

# ---------------- lifecycle: onAppear, onDisappear ----------------
LC="lifecycle"
AP=M("onAppear"); DIS=M("onDisappear")
def EVL(node, mod, kind, surface="l"): return EVP(node,mod,{kind:{}},surface)
def app(node, mod): return EVL(node,mod,"onAppear")
def dis(node, mod): return EVL(node,mod,"onDisappear")
LT=N("VStack","top",[AP],[N("Text","a",[AP,DIS,AP]),N("HStack","b",[DIS,AP],[N("Text",None,[AP,DIS])]),N("Text","d",[AP])])
def lreq(id, method, params): return send(req(id,method,dict({"surface":"l"},**params)))
V(LC,"mount: onAppear in pre-order, by modifier index, before the response",
  [lreq(1,"mount",{"root":LT}),app("top",0),app("a",0),app("a",2),app("b",1),app("0/1/0",0),app("d",0),ok(1,{"$exact":{"surface":"l"}}),QUIET], init=True)
V(LC,"unmount: onDisappear in pre-order before the response",
  [lreq(1,"mount",{"root":LT}),app("top",0),app("a",0),app("a",2),app("b",1),app("0/1/0",0),app("d",0),ok(1),
   lreq(2,"unmount",{}),dis("a",1),dis("b",0),dis("0/1/0",1),ok(2,{"$exact":{}}),QUIET], init=True)
L0=N("VStack","top",None,[N("Text","a",[AP,DIS]),N("HStack","b",[AP,DIS],[N("Text","c",[AP,DIS])]),N("Text","d",[AP,DIS])])
def lmount(): return [lreq(1,"mount",{"root":L0}),app("a",0),app("b",0),app("c",0),app("d",0),ok(1)]
V(LC,"update: an unchanged tree sends nothing", lmount()+[lreq(2,"update",{"root":L0}),ok(2,{"unchanged":8}),QUIET], init=True)
V(LC,"update: a key change is a leave and an enter",
  lmount()+[lreq(2,"update",{"root":N("VStack","top",None,[N("Text","a2",[AP,DIS]),N("HStack","b",[AP,DIS],[N("Text","c",[AP,DIS])]),N("Text","d",[AP,DIS])])}),dis("a",1),app("a2",0),ok(2,{"$exact":{"created":2,"updated":0,"unchanged":6,"removed":2}}),QUIET], init=True)
V(LC,"update: a type change is a leave and an enter",
  lmount()+[lreq(2,"update",{"root":N("VStack","top",None,[N("Label","a",[AP,DIS]),N("HStack","b",[AP,DIS],[N("Text","c",[AP,DIS])]),N("Text","d",[AP,DIS])])}),dis("a",1),app("a",0),ok(2),QUIET], init=True)
V(LC,"update: all onDisappear first, old tree in pre-order, then onAppear",
  lmount()+[lreq(2,"update",{"root":N("VStack","top",None,[N("Text","e",[AP]),N("Text","d",[AP,DIS]),N("HStack","f",[AP],[N("Text","g",[AP])])])}),
   dis("a",1),dis("b",1),dis("c",1),app("e",0),app("f",0),app("g",0),ok(2),QUIET], init=True)
V(LC,"update: a kept node that gains onAppear sends nothing",
  [lreq(1,"mount",{"root":N("VStack","top",None,[N("Text","a")])}),ok(1),lreq(2,"update",{"root":N("VStack","top",None,[N("Text","a",[AP])])}),ok(2,{"created":1}),QUIET], init=True)
V(LC,"update: onDisappear names the node's id in the old tree",
  [lreq(1,"mount",{"root":N("VStack",None,None,[N("Text",None,[DIS]),N("Text",None,[DIS])])}),ok(1),
   lreq(2,"update",{"root":N("VStack",None,None,[N("Text",None,[DIS])])}),dis("0/1",0),ok(2),QUIET], init=True)
V(LC,"diagnostics come before lifecycle events", [lreq(1,"mount",{"root":N("VStack",None,None,[N("Text","t",[AP,{"$type":"swipeActions","trailing":[{"id":"x"}]}])])}),
   {"expectNotification":{"method":"diagnostic","params":{"code":"swipe-actions-outside-list","node":"t"}}},app("t",0),ok(1)], init=True)
V(LC,"a hidden node appears too", [lreq(1,"mount",{"root":N("Text","t",[M("hidden"),AP])}),app("t",1),ok(1)], init=True)
V(LC,"a failed update sends no lifecycle events", lmount()+[lreq(2,"update",{"root":N("VStack","top",None,[N("Text","x",[AP]),N("Carousel")])}),err(2,-32602,{"path":"root.children[1].type"}),QUIET], init=True)
V(LC,"a failed mount sends no lifecycle events", [lreq(1,"mount",{"root":N("VStack","top",[AP],[N("Text","x",[AP]),N("Carousel")])}),err(1,-32602,{"path":"root.children[1].type"}),QUIET], init=True)
V(LC,"lifecycle events come before a batch array", [send([req(1,"mount",{"surface":"l","root":N("Text","t",[AP,DIS])}),req(2,"unmount",{"surface":"l"})]),app("t",0),dis("t",1),{"expect":[{"id":1,"result":{"surface":"l"}},{"id":2,"result":{}}]}], init=True)
V(LC,"a mount sent as a notification still sends onAppear", [send(note("mount",{"surface":"l","root":N("Text","t",[AP])})),app("t",0),QUIET], init=True)
V(LC,"events go to the owner only", [lreq(1,"mount",{"root":N("Text","t",[AP])}),app("t",0),ok(1),{"quiet":200,"on":"b"}], init=True, connections=["a","b"])

# ---------------- modules: describe's modules, callFunction ----------------
MO="modules"
CF=lambda id, params: send(req(id,"callFunction",params))
def cfail(id, params, data, code=-32602): return [CF(id,params),err(id,code,data)]
COMPLETE={"module":"ExpoUI","function":"completeRefresh"}
BUNDLED_MODULES=[
   {"$exact":{"name":"ExpoUI","plugin":"ExpoUI","functions":[{"$exact":{"name":"completeRefresh","async":False,"arguments":[{"type":"string"}],"result":{"$oneOf":[None,{"type":"null"}]}}}],"events":[],"views":BUNDLED_VIEWS["ExpoUI"]}},
   {"$exact":{"name":"SwipeActions","plugin":"SwipeActions","functions":[],"events":[],"views":BUNDLED_VIEWS["SwipeActions"]}}]
V(MO,"describe lists module ExpoUI with completeRefresh", call(2,"describe",None,{"modules":{"$includes":BUNDLED_MODULES}}), init=True)
V(MO,"describe lists exactly the bundled modules", call(2,"describe",None,{"modules":BUNDLED_MODULES}), init=True, requires=CONTROLLED)
V(MO,"callFunction before initialize is -32002", cfail(1,dict(COMPLETE,args=["x"]),{"method":"callFunction"},-32002))
V(MO,"callFunction of an id never started fails", cfail(1,dict(COMPLETE,args=["never"]),{"$exact":{"module":"ExpoUI","function":"completeRefresh","error":{"$type":"string"}}},-32003), init=True)
V(MO,"unknown module", cfail(1,{"module":"Expo","function":"completeRefresh","args":["x"]},{"path":"module","expected":{"$type":"string"},"got":"Expo","known":{"$type":"array"}}), init=True)
V(MO,"module names are case-sensitive", cfail(1,{"module":"expoui","function":"completeRefresh","args":["x"]},{"path":"module","got":"expoui"}), init=True)
V(MO,"unknown function", cfail(1,{"module":"ExpoUI","function":"completeRefreshing","args":["x"]},{"path":"function","expected":"one of completeRefresh","got":"completeRefreshing","known":["completeRefresh"]}), init=True)
V(MO,"a module without functions", cfail(1,{"module":"SwipeActions","function":"completeRefresh"},{"path":"function","got":"completeRefresh","known":[]}), init=True)
V(MO,"module missing", cfail(1,{"function":"completeRefresh"},{"path":"module","expected":"string","got":"nothing"}), init=True)
V(MO,"absent params mean a missing module", cfail(1,None,{"path":"module","expected":"string","got":"nothing"}), init=True)
V(MO,"module not a string", cfail(1,{"module":1,"function":"completeRefresh"},{"path":"module","expected":"string","got":"number"}), init=True)
V(MO,"function missing", cfail(1,{"module":"ExpoUI"},{"path":"function","expected":"string","got":"nothing"}), init=True)
V(MO,"function not a string", cfail(1,{"module":"ExpoUI","function":["completeRefresh"]},{"path":"function","expected":"string","got":"array"}), init=True)
V(MO,"args missing means no arguments", cfail(1,COMPLETE,{"path":"args","expected":"1 argument","got":"0"}), init=True)
V(MO,"args null means no arguments", cfail(1,dict(COMPLETE,args=None),{"path":"args","expected":"1 argument","got":"0"}), init=True)
V(MO,"too many arguments", cfail(1,dict(COMPLETE,args=["a","b"]),{"path":"args","expected":"1 argument","got":"2"}), init=True)
V(MO,"args not an array", cfail(1,dict(COMPLETE,args="a"),{"path":"args","expected":"array","got":"string"}), init=True)
V(MO,"an argument of the wrong type", cfail(1,dict(COMPLETE,args=[7]),{"path":"args[0]","expected":{"$type":"string"},"got":"7"}), init=True)
V(MO,"a null argument of a non-optional type", cfail(1,dict(COMPLETE,args=[None]),{"path":"args[0]"}), init=True)
V(MO,"params by position", cfail(1,["ExpoUI","completeRefresh"],{"path":"","expected":"object","got":"array"}), init=True)
V(MO,"unknown params members are ignored", cfail(1,dict(COMPLETE,args=["never"],extra=True),{"module":"ExpoUI"},-32003), init=True)
V(MO,"member types are checked before names", cfail(1,{"module":"Nope","function":3,"args":"x"},{"path":"function","expected":"string"}), init=True)
V(MO,"args type is checked before the module name", cfail(1,{"module":"Nope","function":"f","args":"x"},{"path":"args","expected":"array"}), init=True)
V(MO,"module checked before function", cfail(1,{"module":"Nope","function":"nope","args":[]},{"path":"module"}), init=True)
V(MO,"function checked before arguments", cfail(1,{"module":"ExpoUI","function":"nope","args":[1,2,3]},{"path":"function"}), init=True)
V(MO,"a failed call changes nothing", mount(1,"g",LIST)+refreshed(2,"list","list",0)+cfail(3,dict(COMPLETE,args=[1]),{"path":"args[0]"})+call(4,"snapshot",{"surface":"g"},{"root":{"refreshing":True}}), init=True)
V(MO,"callFunction in a batch keeps its place", [send([req(1,"callFunction",dict(COMPLETE,args=["never"])),req(2,"ping"),req(3,"callFunction",{"module":"Nope","function":"f"})]),
   {"expect":[{"id":1,"error":{"code":-32003}},{"id":2,"result":{}},{"id":3,"error":{"code":-32602,"data":{"path":"module"}}}]}], init=True)
V(MO,"a callFunction notification is not answered", [send(note("callFunction",dict(COMPLETE,args=["never"]))),QUIET,send(req(2,"ping")),ok(2,{})], init=True)

# ---------------- styles: ExpoUI style modifiers in the snapshot ----------------
ST="styles"
def styled(mods, styles, **more):
    return mount(1,"st",N("List",None,None,[N("HStack","row",mods,[N("Text",None,props={"text":"x"})])]))+call(2,"snapshot",{"surface":"st"},{"root":{"children":[dict({"id":"row","styles":[{"$exact":x} for x in styles]},**more)]}})
V(ST,"a padded, backgrounded row", styled([M("padding"),M("background",color="red")],[{"$style":"padding","top":16,"leading":16,"bottom":16,"trailing":16},{"$style":"background","color":"#FF0000FF"}],modifiers=[{"$type":"padding"},{"$type":"background"}],handlers={"$absent":True}), init=True)
V(ST,"padding: specific keys override general ones", styled([M("padding",all=4,horizontal=8,top=2)],[{"$style":"padding","top":2,"leading":8,"bottom":4,"trailing":8}]), init=True)
V(ST,"styles keep modifier order", styled([M("background",color="#00FF00"),M("padding",all=1),M("opacity",value=0.5)],[{"$style":"background","color":"#00FF00FF"},{"$style":"padding","top":1,"leading":1,"bottom":1,"trailing":1},{"$style":"opacity","value":0.5}]), init=True)
V(ST,"background with a shape", styled([M("background",color="blue",shape="roundedRectangle",cornerRadius=6)],[{"$style":"background","color":"#0000FFFF","shape":"roundedRectangle","cornerRadius":6}]), init=True)
V(ST,"frame shows what was given and the alignment", styled([M("frame",width=100,height=20)],[{"$style":"frame","width":100,"height":20,"alignment":"center"}]), init=True)
V(ST,"a flexible frame", styled([M("frame",minWidth=10,maxHeight=40,alignment="leading")],[{"$style":"frame","minWidth":10,"maxHeight":40,"alignment":"leading"}]), init=True)
V(ST,"a fixed and a flexible frame are two frames, fixed first", styled([M("frame",width=100,maxHeight=40)],[{"$style":"frame","width":100,"alignment":"center"},{"$style":"frame","maxHeight":40,"alignment":"center"}]), init=True)
V(ST,"a frame without sizes", styled([M("frame")],[{"$style":"frame","alignment":"center"}]), init=True)
V(ST,"frame alignment", styled([M("frame",alignment="topLeading")],[{"$style":"frame","alignment":"topLeading"}]), init=True)
V(ST,"border width defaults to 1", styled([M("border",color="#000")],[{"$style":"border","color":"#000000FF","width":1}]), init=True)
V(ST,"foregroundStyle, cornerRadius, listRowBackground", styled([M("foregroundStyle",color="white"),M("cornerRadius",radius=3),M("listRowBackground",color="#11223344")],
   [{"$style":"foregroundStyle","color":"#FFFFFFFF"},{"$style":"cornerRadius","radius":3},{"$style":"listRowBackground","color":"#11223344"}]), init=True)
V(ST,"font shows what was given", styled([M("font",size=17,weight="semibold",design="rounded")],[{"$style":"font","size":17,"weight":"semibold","design":"rounded"}]), init=True)
V(ST,"a font family without a size is 17 points, its own design", styled([M("font",family="Menlo",design="serif")],[{"$style":"font","family":"Menlo","size":17}]), init=True)
V(ST,"a weight alone is the body style with it", styled([M("font",weight="bold")],[{"$style":"font","style":"body","weight":"bold"}]), init=True)
V(ST,"a font without params gives no style", styled([M("font"),M("padding",all=1)],[{"$style":"padding","top":1,"leading":1,"bottom":1,"trailing":1}]), init=True)
V(ST,"badge and deleteDisabled", styled([M("badge",value="3"),M("deleteDisabled")],[{"$style":"badge","value":"3"},{"$style":"deleteDisabled","disabled":True}]), init=True)
V(ST,"a badge without a value gives no style", styled([M("badge"),M("deleteDisabled",disabled=False)],[{"$style":"deleteDisabled","disabled":False}]), init=True)
V(ST,"padding with only horizontal leaves top and bottom at 0", styled([M("padding",horizontal=8)],[{"$style":"padding","top":0,"leading":8,"bottom":0,"trailing":8}]), init=True)
V(ST,"a cornerRadius without a shape makes the background a rounded rectangle", styled([M("background",color="red",cornerRadius=4)],[{"$style":"background","color":"#FF0000FF","shape":"roundedRectangle","cornerRadius":4}]), init=True)
V(ST,"a rounded rectangle without a radius has radius 0", styled([M("contentShape",shape="roundedRectangle")],[{"$style":"contentShape","shape":"roundedRectangle","cornerRadius":0}]), init=True)
V(ST,"other shapes ignore cornerRadius", styled([M("background",color="red",shape="circle",cornerRadius=4)],[{"$style":"background","color":"#FF0000FF","shape":"circle"}]), init=True)
V(ST,"contentShape is a style", styled([M("contentShape",shape="capsule")],[{"$style":"contentShape","shape":"capsule"}]), init=True)
V(ST,"tint is the node's tint, not a style", mount(1,"st",N("Text","t",[M("tint",color="red")]))+call(2,"snapshot",{"surface":"st"},{"root":{"tint":"#FF0000FF","styles":{"$absent":True}}}), init=True)
V(ST,"a node without style modifiers has no styles", mount(1,"st",N("Text","t",[TAP]))+call(2,"snapshot",{"surface":"st"},{"root":{"styles":{"$absent":True},"handlers":["tap"]}}), init=True)
V(ST,"snapshot shows every new member", mount(1,"st",N("List","l",[M("tint",color="red"),M("padding"),TAP,M("disabled"),M("hidden"),REFR]))+[send(req(2,"snapshot",{"surface":"st"}))]
   +[{"expect":{"id":2,"result":{"root":{"$exact":{"type":"List","id":"l","key":"l","modifiers":[{"$type":t} for t in ["tint","padding","onTapGesture","disabled","hidden","refreshable"]],
      "tint":"#FF0000FF","styles":[{"$style":"padding","top":16,"leading":16,"bottom":16,"trailing":16}],"handlers":["tap","refresh"],"disabled":True,"hidden":True,"refreshing":False}}}}}], init=True)
V(ST,"opacity above 1 is refused", mfail(1,{"type":"Text","modifiers":[M("opacity",value=2)]},{"path":"root.modifiers[0].value","got":"2"}), init=True)
V(ST,"opacity is required", mfail(1,{"type":"Text","modifiers":[M("opacity")]},{"path":"root.modifiers[0].value","got":"nothing"}), init=True)
V(ST,"a negative minimumDuration is refused", mfail(1,{"type":"Text","modifiers":[M("onLongPressGesture",minimumDuration=-1)]},{"path":"root.modifiers[0].minimumDuration","got":"-1"}), init=True)
V(ST,"contentShape needs a shape", mfail(1,{"type":"Text","modifiers":[M("contentShape")]},{"path":"root.modifiers[0].shape","got":"nothing"}), init=True)
V(ST,"an unknown shape is refused", mfail(1,{"type":"Text","modifiers":[M("contentShape",shape="star")]},{"path":"root.modifiers[0].shape","got":"star"}), init=True)
V(ST,"a bad colour is refused", mfail(1,{"type":"Text","modifiers":[M("background",color="nope")]},{"path":"root.modifiers[0].color","got":"nope"}), init=True)
V(ST,"onTapGesture count 0 is refused", mfail(1,{"type":"Text","modifiers":[M("onTapGesture",count=0)]},{"path":"root.modifiers[0].count","got":"0"}), init=True)
# Expo UI's modifiers recorded by SwiftUI's name (issue 32): one snapshot vector each, and
# the refusals of their ranges, required params and enums at the params path.
RECORDED=[
  ("shadow",dict(radius=4,y=2,color="#00000040"),{"color":"#00000040","radius":4,"x":0,"y":2}),
  ("offset",dict(x=10,y=-4.5),{"x":10,"y":-4.5}),
  ("fixedSize",dict(vertical=False),{"horizontal":True,"vertical":False}),
  ("clipped",{},{}),
  ("aspectRatio",dict(ratio=1.5,contentMode="fill"),{"ratio":1.5,"contentMode":"fill"}),
  ("zIndex",dict(index=2),{"index":2}),
  ("layoutPriority",dict(priority=1),{"priority":1}),
  ("scaleEffect",dict(x=2,y=2),{"x":2,"y":2}),
  ("rotationEffect",dict(angle=45),{"angle":45}),
  ("blur",dict(radius=8),{"radius":8}),
  ("brightness",dict(amount=0.25),{"amount":0.25}),
  ("contrast",dict(amount=1.5),{"amount":1.5}),
  ("saturation",dict(amount=0),{"amount":0}),
  ("hueRotation",dict(angle=90),{"angle":90}),
  ("colorInvert",{},{}),
  ("grayscale",dict(amount=1),{"amount":1}),
  ("luminanceToAlpha",{},{}),
  ("bold",{},{}),
  ("italic",{},{}),
  ("monospacedDigit",{},{}),
  ("kerning",dict(value=1.5),{"value":1.5}),
  ("lineSpacing",dict(value=4),{"value":4}),
  ("lineLimit",dict(limit=2,reservesSpace=True),{"limit":2,"reservesSpace":True}),
  ("truncationMode",dict(mode="middle"),{"mode":"middle"}),
  ("textCase",dict(value="uppercase"),{"value":"uppercase"}),
  ("underline",dict(isActive=True,pattern="dash",color="red"),{"pattern":"dash","color":"#FF0000FF"}),
  ("strikethrough",dict(isActive=True,pattern="solid"),{"pattern":"solid"}),
  ("multilineTextAlignment",dict(alignment="center"),{"alignment":"center"}),
  ("allowsTightening",dict(value=True),{"value":True}),
  ("textSelection",dict(value=True),{"value":True}),
  ("listRowInsets",dict(top=0,leading=20),{"top":0,"leading":20}),
  ("listRowSeparator",dict(visibility="hidden"),{"visibility":"hidden","edges":"all"}),
  ("listStyle",dict(style="insetGrouped"),{"style":"insetGrouped"}),
  ("moveDisabled",{},{"disabled":True}),
  ("scrollContentBackground",dict(visible="hidden"),{"visible":"hidden"}),
  ("headerProminence",dict(prominence="increased"),{"prominence":"increased"}),
  ("badgeProminence",dict(badgeType="decreased"),{"badgeType":"decreased"}),
  ("buttonStyle",dict(style="borderedProminent"),{"style":"borderedProminent"}),
  ("toggleStyle",dict(style="switch"),{"style":"switch"}),
  ("pickerStyle",dict(style="segmented"),{"style":"segmented"}),
  ("datePickerStyle",dict(style="graphical"),{"style":"graphical"}),
  ("gaugeStyle",dict(style="circular"),{"style":"circular"}),
  ("progressViewStyle",dict(style="linear"),{"style":"linear"}),
  ("labelStyle",dict(style="iconOnly"),{"style":"iconOnly"}),
  ("textFieldStyle",dict(style="roundedBorder"),{"style":"roundedBorder"}),
  ("controlSize",dict(size="large"),{"size":"large"}),
  ("labelsHidden",{},{}),
  ("submitLabel",dict(submitLabel="search"),{"submitLabel":"search"}),
  ("accessibilityLabel",dict(label="Close"),{"label":"Close"}),
  ("accessibilityHint",dict(hint="Closes the sheet"),{"hint":"Closes the sheet"}),
  ("accessibilityValue",dict(value="50%"),{"value":"50%"}),
  ("clipShape",dict(shape="roundedRectangle",cornerRadius=8),{"shape":"roundedRectangle","cornerRadius":8}),
  ("mask",dict(shape="circle"),{"shape":"circle"}),
  ("containerShape",dict(shape="capsule"),{"shape":"capsule"}),
  ("overlay",dict(color="red",alignment="top"),{"color":"#FF0000FF","alignment":"top"}),
  ("backgroundOverlay",dict(color="blue"),{"color":"#0000FFFF","alignment":"center"}),
  ("rotation3DEffect",dict(angle=30,axisY=1),{"angle":30,"axisX":0,"axisY":1,"axisZ":0,"perspective":1}),
  ("listSectionSpacing",dict(spacing="custom",value=24),{"spacing":"custom","value":24}),
  ("listSectionMargins",dict(length=8,edges="horizontal"),{"length":8,"edges":"horizontal"}),
  ("gridCellColumns",dict(count=2),{"count":2}),
  ("gridCellUnsizedAxes",dict(axes="horizontal"),{"axes":"horizontal"}),
  ("gridColumnAlignment",dict(alignment="trailing"),{"alignment":"trailing"}),
  ("resizable",dict(top=4,resizingMode="tile"),{"top":4,"resizingMode":"tile"}),
  ("tag",dict(tag=3),{"tag":3}),
  ("environment",dict(key="colorScheme",value="dark"),{"key":"colorScheme","value":"dark"}),
  ("gridCellAnchor",{"type":"custom","points":{"x":0.25,"y":1}},{"x":0.25,"y":1}),
  ("scrollDisabled",{},{"disabled":True}),
  ("containerRelativeFrame",dict(axes="horizontal",count=3,span=2,spacing=8),{"axes":"horizontal","count":3,"span":2,"spacing":8,"alignment":"center"}),
]
for t, params, members in RECORDED:
    V(ST,f"{t} is a style named {t}", styled([M(t,**params)],[dict({"$style":t},**members)]), init=True)
V(ST,"foregroundColor is foregroundStyle", styled([M("foregroundColor",color="red")],[{"$style":"foregroundStyle","color":"#FF0000FF"}]), init=True)
V(ST,"recorded styles keep modifier order among the others", styled([M("bold"),M("padding",all=1),M("shadow",radius=2)],[{"$style":"bold"},{"$style":"padding","top":1,"leading":1,"bottom":1,"trailing":1},{"$style":"shadow","radius":2,"x":0,"y":0}]), init=True)
V(ST,"clipped false, colorInvert false and an inactive underline record nothing", styled([M("clipped",clipped=False),M("colorInvert",inverted=False),M("underline",isActive=False,pattern="solid"),M("italic")],[{"$style":"italic"}]), init=True)
# Modifiers that need a screen: accepted, recorded, and a no-headless-effect warning before the
# mount's response.
SCREEN_ONLY=[
  ("ignoreSafeArea",dict(regions="keyboard",edges="bottom"),{"regions":"keyboard","edges":"bottom"}),
  ("glassEffect",dict(glass={"variant":"regular","interactive":True},shape="capsule"),{"variant":"regular","interactive":True,"shape":"capsule"}),
  ("glassEffectId",dict(id="a",namespaceId="ns"),{"id":"a","namespaceId":"ns"}),
  ("matchedGeometryEffect",dict(id="a",namespaceId="ns"),{"id":"a","namespaceId":"ns"}),
  ("scrollDismissesKeyboard",dict(mode="interactively"),{"mode":"interactively"}),
  ("scrollTargetBehavior",dict(behavior="paging"),{"behavior":"paging"}),
  ("scrollTargetLayout",{},{}),
  ("defaultScrollAnchor",dict(anchor="bottom"),{"anchor":"bottom"}),
  ("defaultScrollAnchorForRole",dict(anchor="top",role="sizeChanges"),{"anchor":"top","role":"sizeChanges"}),
  ("menuActionDismissBehavior",dict(behavior="disabled"),{"behavior":"disabled"}),
  ("keyboardType",dict(keyboardType="email-address"),{"keyboardType":"email-address"}),
  ("autocorrectionDisabled",{},{"disabled":True}),
  ("textInputAutocapitalization",dict(autocapitalization="words"),{"autocapitalization":"words"}),
  ("textContentType",dict(textContentType="emailAddress"),{"textContentType":"emailAddress"}),
  ("presentationDragIndicator",dict(visibility="visible"),{"visibility":"visible"}),
  ("animation",{"animation":{"type":"spring","duration":0.3},"animatedValue":True},{"type":"spring","duration":0.3,"animatedValue":True}),
  ("presentationBackgroundInteraction",dict(interactionType="enabledUpThrough",detent="medium"),{"interactionType":"enabledUpThrough","detent":"medium"}),
]
for t, params, members in SCREEN_ONLY:
    V(ST,f"{t} is accepted with a no-headless-effect warning and recorded",
      [send(req(1,"mount",{"surface":"st","root":N("List",None,None,[N("HStack","row",[M("padding",all=1),M(t,**params)],[N("Text",None,props={"text":"x"})])])}))]
      +[{"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"$exact":{"severity":"warning","code":"no-headless-effect","message":{"$contains":f"('{t}') on node 'row' has no headless effect"},"surface":"st","node":"row","path":"root.children[0].modifiers[1]"}}}}},ok(1,{"$exact":{"surface":"st"}})]
      +call(2,"snapshot",{"surface":"st"},{"root":{"children":[{"id":"row","styles":[{"$exact":{"$style":"padding","top":1,"leading":1,"bottom":1,"trailing":1}},{"$exact":dict({"$style":t},**members)}]}]}}), init=True)
# SDK 58's modifiers: recorded under their own names (result-snapshot.json takes any recorded name).
SDK58_RECORDED=[
  ("accessibilityAddTraits",dict(traits=["isHeader","isSelected"])),
  ("navigationTitle",dict(title="Inbox")),
  ("dynamicTypeSize",dict(min="large",max="accessibility3")),
  ("strokeBorder",dict(content={"type":"color","color":"red"},style={"lineWidth":2},shape="capsule")),
  # It refuses the dismiss gesture of the sheet it is in (views.json has the BottomSheet's vector).
  ("interactiveDismissDisabled",{}),
]
for t, params in SDK58_RECORDED:
    V(ST,f"{t} mounts with no warning", mount(1,"st",N("List",None,None,[N("HStack","row",[M(t,**params)],[N("Text",None,props={"text":"x"})])]))
      +call(2,"snapshot",{"surface":"st"},{"root":{"children":[{"id":"row","styles":[{"$style":t}]}]}}), init=True)
SDK58_SCREEN_ONLY=[
  ("presentationBackground",dict(style={"type":"material","material":"thin"})),
  ("scrollIndicators",dict(visibility="hidden")),
  ("onHingeChange",{}),
]
for t, params in SDK58_SCREEN_ONLY:
    V(ST,f"{t} is accepted with a no-headless-effect warning",
      [send(req(1,"mount",{"surface":"st","root":N("List",None,None,[N("HStack","row",[M("padding",all=1),M(t,**params)],[N("Text",None,props={"text":"x"})])])}))]
      +[{"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"$exact":{"severity":"warning","code":"no-headless-effect","message":{"$contains":f"('{t}') on node 'row' has no headless effect"},"surface":"st","node":"row","path":"root.children[0].modifiers[1]"}}}}},ok(1,{"$exact":{"surface":"st"}})]
      +call(2,"snapshot",{"surface":"st"},{"root":{"children":[{"id":"row","styles":[{"$style":"padding"},{"$style":t}]}]}}), init=True)
REFUSED=[
  ("a negative shadow radius is refused","shadow",dict(radius=-1),"radius","-1"),
  ("shadow needs a radius","shadow",{},"radius","nothing"),
  ("a negative blur radius is refused","blur",dict(radius=-2),"radius","-2"),
  ("brightness above 1 is refused","brightness",dict(amount=1.5),"amount","1.5"),
  ("a negative saturation is refused","saturation",dict(amount=-1),"amount","-1"),
  ("grayscale above 1 is refused","grayscale",dict(amount=2),"amount","2"),
  ("an aspectRatio of 0 is refused","aspectRatio",dict(ratio=0),"ratio","0"),
  ("a negative lineSpacing is refused","lineSpacing",dict(value=-1),"value","-1"),
  ("a lineLimit of 0 is refused","lineLimit",dict(limit=0),"limit","0"),
  ("a lineLimit range needs min and max","lineLimit",dict(min=1),"min","1"),
  ("a lineLimit range with max below min is refused","lineLimit",dict(min=3,max=2),"max","2"),
  ("an unknown listStyle is refused","listStyle",dict(style="fancy"),"style","fancy"),
  ("an unknown buttonStyle is refused","buttonStyle",dict(style="big"),"style","big"),
  ("an unknown controlSize is refused","controlSize",dict(size="huge"),"size","huge"),
  ("an unknown truncationMode is refused","truncationMode",dict(mode="end"),"mode","end"),
  ("an unknown text case is refused","textCase",dict(value="title"),"value","title"),
  ("an unknown line pattern is refused","underline",dict(pattern="wavy"),"pattern","wavy"),
  ("zIndex needs a number","zIndex",dict(index="top"),"index","top"),
  ("accessibilityLabel needs a label","accessibilityLabel",{},"label","nothing"),
  ("an unknown glass variant is refused","glassEffect",dict(glass={"variant":"frosted"}),"glass.variant","frosted"),
  ("matchedGeometryEffect needs a namespaceId","matchedGeometryEffect",dict(id="a"),"namespaceId","nothing"),
  ("an unknown keyboardType is refused","keyboardType",dict(keyboardType="email"),"keyboardType","email"),
  ("an unknown scroll anchor is refused","defaultScrollAnchor",dict(anchor="middle"),"anchor","middle"),
  ("clipShape needs a shape","clipShape",{},"shape","nothing"),
  ("custom listSectionSpacing needs a value","listSectionSpacing",dict(spacing="custom"),"value","nothing"),
  ("gridCellColumns of 0 is refused","gridCellColumns",dict(count=0),"count","0"),
  ("a tag that is a boolean is refused","tag",dict(tag=True),"tag","true"),
  ("a colorScheme that is not light or dark is refused","environment",dict(key="colorScheme",value="dim"),"value","dim"),
  ("an unknown animation curve is refused","animation",{"animation":{"type":"bouncy"},"animatedValue":1},"animation.type","bouncy"),
  ("a containerRelativeFrame span above its count is refused","containerRelativeFrame",dict(axes="both",count=2,span=3),"span","3"),
  ("enabledUpThrough needs a detent","presentationBackgroundInteraction",dict(interactionType="enabledUpThrough"),"detent","nothing"),
  ("minimumScaleFactor above 1 is refused","minimumScaleFactor",dict(factor=1.5),"factor","1.5"),
  ("navigationTitle needs a title","navigationTitle",{},"title","nothing"),
  ("an unknown presentationBackground material is refused","presentationBackground",dict(style={"type":"material","material":"frosted"}),"style.material","frosted"),
]
for name, t, params, field, got in REFUSED:
    V(ST,name, mfail(1,{"type":"Text","modifiers":[M(t,**params)]},{"path":f"root.modifiers[0].{field}","got":got}), init=True)

W="watch"
TOPICS=["event","diagnostic","pluginsChanged","moduleEvent"]
CONN={"$exact":{"id":{"$type":"number"},"pid":{"$type":"number"}}}
WT=N("Text","t",[TAP])
def wmount(id, on): return [send(req(id,"mount",{"surface":"w","root":WT}),on=on),dict(ok(id,{"$exact":{"surface":"w"}}),on=on)]
def wtap(id, on): return [send(req(id,"interact",{"surface":"w","node":"t","gesture":"tap"}),on=on),dict(EVP("t",0,{"onTapGesture":{}},surface="w"),on=on),dict(ok(id,{"handled":True}),on=on)]
WATCHED_TAP={"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"watched","params":{"$exact":{"connection":CONN,"method":"event","params":{"$exact":{"surface":"w","node":"t","modifier":0,"payload":{"$exact":{"onTapGesture":{"$exact":{}}}}}}}}}},"on":"a"}
def wfail(id, params, data): return [send(req(id,"watch",params)),err(id,-32602,data)]
V(W,"watch answers with every topic, its connection and the open ones", [send(req(1,"watch"),on="a"),ok(1,{"$exact":{"topics":TOPICS,"connection":CONN,"connections":{"$includes":[CONN,CONN]}}})], init=True, connections=["a","b"])
V(W,"watch lists exactly the open connections", [send(req(1,"watch"),on="a"),ok(1,{"connections":[CONN,CONN]})], init=True, connections=["a","b"], requires=CONTROLLED)
V(W,"a watcher sees another connection's event, naming that connection", [send(req(1,"watch"),on="a"),ok(1)]+wmount(2,"b")+wtap(3,"b")+[WATCHED_TAP,{"quiet":150,"on":"a"}], init=True, connections=["a","b"])
V(W,"a watcher's own event: the original, its copy, then the response", [send(req(1,"watch"),on="a"),ok(1),send(req(2,"mount",{"surface":"w","root":WT})),ok(2),
   send(req(3,"interact",{"surface":"w","node":"t","gesture":"tap"})),EVP("t",0,{"onTapGesture":{}},surface="w"),WATCHED_TAP,ok(3,{"handled":True})], init=True, connections=["a"])
V(W,"topics choose what is watched", [send(req(1,"watch",{"topics":["diagnostic","pluginsChanged"]}),on="a"),ok(1,{"$exact":{"topics":["diagnostic","pluginsChanged"],"connection":CONN,"connections":{"$any":True}}})]+wmount(2,"b")+wtap(3,"b")+[{"quiet":150,"on":"a"}], init=True, connections=["a","b"])
V(W,"unwatch stops watching", [send(req(1,"watch"),on="a"),ok(1),send(req(2,"unwatch"),on="a"),ok(2,{"$exact":{"watching":True}})]+wmount(3,"b")+wtap(4,"b")+[{"quiet":150,"on":"a"},send(req(5,"unwatch"),on="a"),ok(5,{"$exact":{"watching":False}})], init=True, connections=["a","b"])
V(W,"a closed watcher is forgotten", [send(req(1,"watch"),on="a"),ok(1),{"close":True,"on":"a"}]+wmount(2,"b")+wtap(3,"b"), init=True, connections=["a","b"])
V(W,"watch before initialize is -32002", [send(req(1,"watch")),err(1,-32002,{"method":"watch"})])
V(W,"unknown topic gets the known ones and a suggestion", wfail(1,{"topics":["event","diagnostics"]},{"$exact":{"path":"topics[1]","expected":"one of event, diagnostic, pluginsChanged, moduleEvent, surfaces","got":"diagnostics","known":TOPICS+["surfaces"],"suggestion":"diagnostic"}}), init=True)
V(W,"empty topics are refused", wfail(1,{"topics":[]},{"path":"topics","expected":"at least one topic","got":"[]"}), init=True)
V(W,"topics not an array", wfail(1,{"topics":"event"},{"path":"topics","expected":"array","got":"string"}), init=True)
V(W,"a topic not a string", wfail(1,{"topics":[1]},{"path":"topics[0]","expected":"string","got":"number"}), init=True)
V(W,"an unknown member gets a suggestion", wfail(1,{"topic":["event"]},{"path":"topic","expected":"no member","suggestion":"topics"}), init=True)
V(W,"watch params as an array", wfail(1,["event"],{"path":"","expected":"object","got":"array"}), init=True)
V(W,"unwatch takes no params", [send(req(1,"unwatch",{"a":1})),err(1,-32602,{"path":""})], init=True)
WROOT={"type":"Text","id":"t","key":"t","modifiers":[{"$type":"onTapGesture"}],"handlers":["tap"]}
def wsurface(root, on="a"): return {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"watched","params":{"$exact":{"connection":CONN,"method":"surface","params":{"$exact":{"surface":"w","root":root}}}}}},"on":on}
WATCH_SURFACES=[send(req(1,"watch",{"topics":["surfaces"]}),on="a"),ok(1,{"$exact":{"topics":["surfaces"],"connection":CONN,"connections":{"$any":True},"surfaces":{"$type":"array"}}})]
V(W,"watching surfaces starts from every tree open now", wmount(1,"b")+[send(req(2,"watch",{"topics":["event","surfaces"]}),on="a"),
   ok(2,{"$exact":{"topics":["event","surfaces"],"connection":CONN,"connections":{"$includes":[CONN,CONN]},"surfaces":{"$includes":[{"$exact":{"connection":CONN,"surface":"w","root":{"$exact":WROOT}}}]}}})], init=True, connections=["a","b"])
V(W,"a surfaces watcher gets each mounted, updated and unmounted tree", WATCH_SURFACES+wmount(2,"b")+[wsurface({"$exact":WROOT}),
   send(req(3,"update",{"surface":"w","root":N("Text","t")}),on="b"),dict(ok(3),on="b"),wsurface({"$exact":{"type":"Text","id":"t","key":"t"}}),
   send(req(4,"snapshot",{"surface":"w"}),on="b"),dict(ok(4),on="b"),
   send(req(5,"unmount",{"surface":"w"}),on="b"),dict(ok(5),on="b"),wsurface(None),{"quiet":150,"on":"a"}], init=True, connections=["a","b"])
V(W,"a closed connection's surfaces are sent as null", WATCH_SURFACES+wmount(2,"b")+[wsurface({"$exact":WROOT}),{"close":True,"on":"b"},wsurface(None)], init=True, connections=["a","b"])
V(W,"interact as an observer needs watch: -32004", wmount(1,"b")+[send(req(2,"interact",{"connection":1,"surface":"w","node":"t","gesture":"tap"}),on="a"),
   dict(err(2,-32004,{"$exact":{"method":"interact","reason":"not-watching"}}),on="a"),{"quiet":150,"on":"b"}], init=True, connections=["a","b"])
V(W,"interact as an observer on a connection that is not open", WATCH_SURFACES+[send(req(2,"interact",{"connection":999999999,"surface":"w","node":"t","gesture":"tap"}),on="a"),
   dict(err(2,-32602,{"path":"connection","expected":"the id of an open, initialized connection","got":"999999999"}),on="a")], init=True, connections=["a"])
V(W,"interact's connection must be an integer", WATCH_SURFACES+[send(req(2,"interact",{"connection":"b","surface":"w","node":"t","gesture":"tap"}),on="a"),
   dict(err(2,-32602,{"path":"connection","expected":"integer","got":"string"}),on="a")], init=True, connections=["a"])

# ---------------- views with events of their own: Button, TextField, Toggle, Slider ----------------
VW="views"
def VN(t, key=None, events=None, mods=None, children=None, **props):
    n=N(t,key,mods,children)
    if props: n["props"]=props
    if events is not None: n["events"]=events
    return n
def VEV(node, view, name, value=None, surface="v", member="value"):
    body={"$exact":{}} if value is None else {"$exact":{member:value}}
    return {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":surface,"node":node,"view":view,"payload":{"$exact":{name:body}}}}}}}
def vm(root, id=1): return mount(id,"v",root)
def vact(id, node, gesture, **params): return send(req(id,"interact",dict({"surface":"v","node":node,"gesture":gesture},**params)))
def vdone(id, node, view, **more): return ok(id,{"$exact":dict({"handled":True,"node":node,"view":view},**more)})
def vnot(id, node, gesture, **params): return [vact(id,node,gesture,**params),NOT(id),QUIET]
def vsnap(id, root): return call(id,"snapshot",{"surface":"v"},{"root":root})
def vfail(id, root, data): return mfail(id,root,data,name="v")
BTN=VN("Button","b",["onPress"],None,[N("Text","label",props={"text":"Go"})],label="Go")
V(VW,"events: a name the view does not have is an error at its place", vfail(2,N("VStack",None,None,[VN("TextField",None,["onSubmit","onChangeTxt"])]),
   {"$exact":{"path":"root.children[0].events[1]","expected":"one of onTextChange, onSubmit, onChangeText","got":"onChangeTxt","known":["onTextChange","onSubmit","onChangeText"],"suggestion":"onChangeText"}}), init=True)
V(VW,"events: a view without events of its own", vfail(2,VN("Text",None,["onPress"]),{"path":"root.events[0]","expected":"no events (a Text has none)","got":"onPress","known":[]}), init=True)
V(VW,"events: not an array", vfail(2,{"type":"Button","events":"onPress"},{"$exact":{"path":"root.events","expected":"array","got":"string"}}), init=True)
V(VW,"events: a name that is not a string", vfail(2,{"type":"Button","events":[1]},{"$exact":{"path":"root.events[0]","expected":"string","got":"number"}}), init=True)
V(VW,"events: a name listed twice", vfail(2,VN("Button",None,["onPress","onPress"]),{"$exact":{"path":"root.events[1]","expected":"distinct event names","got":"onPress"}}), init=True)
V(VW,"events: null counts as absent", vm({"type":"Button","key":"b","events":None})+vnot(2,"b","tap")+vsnap(3,{"$exact":{"type":"Button","id":"b","key":"b"}}), init=True)
V(VW,"events: changing only events keeps the node and its modifiers", vm(VN("TextField","f",[],[M("onSubmit")]))+[vact(2,"f","type",text="kept"),vdone(2,"f","TextField",value="kept")]
   +call(3,"update",{"surface":"v","root":VN("TextField","f",["onTextChange"],[M("onSubmit")])},{"$exact":{"created":0,"updated":0,"unchanged":1,"removed":0}})
   +vsnap(4,{"events":["onTextChange"],"value":"kept"}), init=True)
V(VW,"Button: a tap performs its action before the response", vm(BTN)+[vact(2,"b","tap"),VEV("b","Button","onPress"),vdone(2,"b","Button"),QUIET], init=True)
V(VW,"Button: a tap on its content performs its action", vm(BTN)+[vact(2,"label","tap"),VEV("b","Button","onPress"),vdone(2,"b","Button")], init=True)
V(VW,"Button: its action wins over tap handlers around it", vm(N("VStack","top",[TAP],[BTN]))+[vact(2,"label","tap"),VEV("b","Button","onPress"),vdone(2,"b","Button"),QUIET], init=True)
V(VW,"Button: an onTapGesture on the Button itself wins over its action", vm(VN("Button","b",["onPress"],[TAP],[N("Text","label")]))
   +[vact(2,"label","tap"),EVP("b",0,{"onTapGesture":{}},surface="v"),ok(2,{"$exact":{"handled":True,"node":"b","modifier":0}}),QUIET], init=True)
V(VW,"Button: without onPress a tap goes on to the handlers around it", vm(N("VStack","top",[TAP],[VN("Button","b",None,None,[N("Text","label")])]))
   +[vact(2,"label","tap"),EVP("top",0,{"onTapGesture":{}},surface="v"),ok(2,{"$exact":{"handled":True,"node":"top","modifier":0}})], init=True)
V(VW,"Button: a double tap passes over its action", vm(N("VStack","top",[M("onTapGesture",count=2)],[BTN]))
   +[vact(2,"b","tap",count=2),EVP("top",0,{"onTapGesture":{}},surface="v"),ok(2,{"$exact":{"handled":True,"node":"top","modifier":0}})], init=True)
V(VW,"Button: disabled does nothing", vm(VN("Button","b",["onPress"],[M("disabled")]))+vnot(2,"b","tap"), init=True)
V(VW,"Button: under a hidden ancestor does nothing", vm(N("VStack","top",[M("hidden")],[BTN]))+vnot(2,"label","tap"), init=True)
TGL=VN("Toggle","t",["onIsOnChange"],isOn=False,label="Wi-Fi")
V(VW,"Toggle: a tap flips it and sends the new value", vm(TGL)+vsnap(2,{"value":False})+[vact(3,"t","tap"),VEV("t","Toggle","onIsOnChange",True,member="isOn"),vdone(3,"t","Toggle",value=True)]
   +vsnap(4,{"$exact":{"type":"Toggle","id":"t","key":"t","props":{"isOn":False,"label":"Wi-Fi"},"events":["onIsOnChange"],"value":True}}), init=True)
def DEPR(node, path, key, replacement):
    return {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"$exact":{"severity":"warning","code":"deprecated-name","message":{"$type":"string"},
            "surface":"v","node":node,"path":path,"key":key,"replacement":replacement}}}}}
V(VW,"Toggle: onValueChange, its name before SDK 58, works with one deprecated-name warning per connection",
   [send(req(1,"mount",{"surface":"v","root":N("VStack",None,None,[VN("Toggle","a",["onValueChange"]),VN("Toggle","b",["onValueChange"])])})),
    DEPR("a","root.children[0].events[0]","onValueChange","the event 'onIsOnChange' (payload {isOn})"),ok(1,{"surface":"v"}),
    vact(2,"a","tap"),VEV("a","Toggle","onValueChange",True),vdone(2,"a","Toggle",value=True)]
   +call(3,"mount",{"surface":"w","root":VN("Toggle","c",["onValueChange","onIsOnChange"])},{"$exact":{"surface":"w"}})
   +[send(req(4,"interact",{"surface":"w","node":"c","gesture":"tap"})),VEV("c","Toggle","onIsOnChange",True,surface="w",member="isOn"),VEV("c","Toggle","onValueChange",True,surface="w"),
     vdone(4,"c","Toggle",value=True),QUIET], init=True)
V(VW,"TextField: onChangeText, its name before SDK 58, works with a deprecated-name warning",
   [send(req(1,"mount",{"surface":"v","root":VN("TextField","f",["onChangeText"])})),DEPR("f","root.events[0]","onChangeText","the event 'onTextChange' (payload {value})"),ok(1,{"surface":"v"}),
    vact(2,"f","type",text="x"),VEV("f","TextField","onChangeText","x"),vdone(2,"f","TextField",value="x"),QUIET], init=True)
V(VW,"Toggle: its children are its title and subtitle; a tap on them flips it", vm(VN("Toggle","t",["onIsOnChange"],None,[N("Text",None,props={"text":"Wi-Fi"}),N("Text","sub",props={"text":"Home"})],isOn=False))
   +[vact(2,"sub","tap"),VEV("t","Toggle","onIsOnChange",True,member="isOn"),vdone(2,"t","Toggle",value=True)], init=True)
V(VW,"Image: with onPress it takes a tap; without, it takes none", vm(N("HStack",None,None,[VN("Image","star",["onPress"],systemName="star"),VN("Image","plain",systemName="star")]))
   +[vact(2,"star","tap"),VEV("star","Image","onPress"),vdone(2,"star","Image")]+vnot(3,"plain","tap"), init=True)
V(VW,"Toggle: it always takes the tap, heard or not", vm(N("VStack","top",[TAP],[VN("Toggle","t",isOn=True)]))+[vact(2,"t","tap"),vdone(2,"t","Toggle",value=False),QUIET], init=True)
V(VW,"Toggle: the next update sets the value again", vm(TGL)+[vact(2,"t","tap"),VEV("t","Toggle","onIsOnChange",True,member="isOn"),vdone(2,"t","Toggle",value=True)]
   +call(3,"update",{"surface":"v","root":TGL})+vsnap(4,{"value":False}), init=True)
V(VW,"Toggle: disabled does not flip", vm(VN("Toggle","t",["onIsOnChange"],[M("disabled")]))+vnot(2,"t","tap")+vsnap(3,{"value":False}), init=True)
V(VW,"Toggle: isOn must be a boolean", vfail(2,VN("Toggle",isOn="yes"),{"$exact":{"path":"root.props.isOn","expected":"boolean","got":"string"}}), init=True)
FLD=VN("TextField","f",["onTextChange","onSubmit"],defaultValue="ab",placeholder="Name")
V(VW,"TextField: type appends and sends the text", vm(FLD)+vsnap(2,{"value":"ab"})+[vact(3,"f","type",text="c"),VEV("f","TextField","onTextChange","abc"),vdone(3,"f","TextField",value="abc"),QUIET]+vsnap(4,{"value":"abc"}), init=True)
V(VW,"TextField: type with replace replaces the text", vm(FLD)+[vact(2,"f","type",text="new",replace=True),VEV("f","TextField","onTextChange","new"),vdone(2,"f","TextField",value="new")], init=True)
V(VW,"TextField: it keeps its text across updates", vm(FLD)+[vact(2,"f","type",text="!"),VEV("f","TextField","onTextChange","ab!"),ok(2)]
   +call(3,"update",{"surface":"v","root":VN("TextField","f",["onTextChange"],defaultValue="other")})+vsnap(4,{"value":"ab!"}), init=True)
V(VW,"TextField: a field not listening takes the text silently", vm(VN("TextField","f"))+[vact(2,"f","type",text="x"),vdone(2,"f","TextField",value="x"),QUIET], init=True)
V(VW,"TextField: type on a disabled field is not handled", vm(VN("TextField","f",["onTextChange"],[M("disabled")]))+vnot(2,"f","type",text="x")+vsnap(3,{"value":""}), init=True)
V(VW,"TextField: type on another view is not handled", vm(N("Text","t"))+vnot(2,"t","type",text="x"), init=True)
V(VW,"TextField: type needs text", vm(VN("TextField","f"))+[vact(2,"f","type"),err(2,-32602,{"$exact":{"path":"text","expected":"string","got":"nothing"}})], init=True)
V(VW,"TextField: replace must be a boolean", vm(VN("TextField","f"))+[vact(2,"f","type",text="x",replace="yes"),err(2,-32602,{"$exact":{"path":"replace","expected":"boolean","got":"string"}})], init=True)
V(VW,"TextField: defaultValue must be a string", vfail(2,VN("TextField",defaultValue=5),{"$exact":{"path":"root.props.defaultValue","expected":"string","got":"number"}}), init=True)
V(VW,"TextField: submit runs the field's own onSubmit first", vm(N("VStack","form",[M("onSubmit")],[VN("TextField","f",["onSubmit"],[M("onSubmit")],defaultValue="hi")]))
   +[vact(2,"f","submit"),VEV("f","TextField","onSubmit","hi"),EVP("f",0,{"onSubmit":{}},surface="v"),EVP("form",0,{"onSubmit":{}},surface="v"),
     ok(2,{"$exact":{"handled":True,"handlers":[{"$exact":{"node":"f","view":"TextField"}},{"$exact":{"node":"f","modifier":0}},{"$exact":{"node":"form","modifier":0}}]}}),QUIET], init=True)
V(VW,"TextField: its own onSubmit alone handles submit", vm(VN("TextField","f",["onSubmit"]))+[vact(2,"f","submit"),VEV("f","TextField","onSubmit",""),ok(2,{"$exact":{"handled":True,"handlers":[{"$exact":{"node":"f","view":"TextField"}}]}})], init=True)
V(VW,"TextField: submit unheard and without onSubmit is not handled", vm(VN("TextField","f",["onTextChange"]))+vnot(2,"f","submit"), init=True)
SLD=VN("Slider","s",["onValueChange"],value=0.2,step=0.1)
V(VW,"Slider: slide puts the value on its step and sends it", vm(SLD)+vsnap(2,{"value":0.2})+[vact(3,"s","slide",value=0.34),VEV("s","Slider","onValueChange",0.3),vdone(3,"s","Slider",value=0.3),QUIET]+vsnap(4,{"value":0.3}), init=True)
V(VW,"Slider: slide clamps to min and max", vm(SLD)+[vact(2,"s","slide",value=7),VEV("s","Slider","onValueChange",1),vdone(2,"s","Slider",value=1),
   vact(3,"s","slide",value=-2),VEV("s","Slider","onValueChange",0),vdone(3,"s","Slider",value=0)], init=True)
V(VW,"Slider: a step that does not reach max stops below it", vm(VN("Slider","s",min=10,max=20,step=3))+[vact(2,"s","slide",value=20),vdone(2,"s","Slider",value=19)], init=True)
V(VW,"Slider: the next update sets the value again", vm(SLD)+[vact(2,"s","slide",value=0.8),VEV("s","Slider","onValueChange",0.8),ok(2)]+call(3,"update",{"surface":"v","root":SLD})+vsnap(4,{"value":0.2}), init=True)
V(VW,"Slider: a value out of range shows clamped", vm(VN("Slider","s",value=5,min=-1,max=2))+vsnap(2,{"value":2}), init=True)
V(VW,"Slider: slide on a disabled Slider is not handled", vm(VN("Slider","s",["onValueChange"],[M("disabled")]))+vnot(2,"s","slide",value=0.5), init=True)
V(VW,"Slider: slide on another view is not handled", vm(TGL)+vnot(2,"t","slide",value=0.5), init=True)
V(VW,"Slider: slide needs a value", vm(SLD)+[vact(2,"s","slide"),err(2,-32602,{"$exact":{"path":"value","expected":"number","got":"nothing"}})], init=True)
V(VW,"Slider: max below min", vfail(2,VN("Slider",min=2,max=1),{"$exact":{"path":"root.props.max","expected":"a number >= 2","got":"1"}}), init=True)
V(VW,"Slider: step must not be below 0", vfail(2,VN("Slider",step=-1),{"$exact":{"path":"root.props.step","expected":"a number >= 0","got":"-1"}}), init=True)
V(VW,"Slider: step 0 is continuous, as in SDK 58", vm(VN("Slider","s",min=0,max=10,step=0))+[vact(2,"s","slide",value=3.37),vdone(2,"s","Slider",value=3.37),QUIET], init=True)
V(VW,"Slider: a slide is an edit between onEditingChanged true and false", vm(VN("Slider","s",["onValueChange","onEditingChanged"],value=0.2))
   +[vact(2,"s","slide",value=0.7),VEV("s","Slider","onEditingChanged",True,member="isEditing"),VEV("s","Slider","onValueChange",0.7),VEV("s","Slider","onEditingChanged",False,member="isEditing"),
     vdone(2,"s","Slider",value=0.7),QUIET], init=True)
V(VW,"SDK 58 props: testID on every view, Button roles default and close, Toggle systemImage pass without a word",
   [send(req(1,"mount",{"surface":"v","root":N("VStack",None,None,[VN(v,"n%d"%i,testID="id-%d"%i) for i,v in enumerate(["List","Section","HStack","VStack","ZStack","Text","Label","Image","Spacer","ScrollView","TextField","Slider"])]
     +[VN("Button","b1",role="default"),VN("Button","b2",role="close"),VN("Toggle","t",label="Wi-Fi",systemImage="wifi")])})),ok(1,{"surface":"v"}),QUIET]
   +vsnap(2,{"children":{"$includes":[{"id":"n0","props":{"$exact":{"testID":"id-0"}}}]}}), init=True)
V(VW,"view events come before a batch array", vm(N("VStack",None,None,[BTN,TGL]))+[send([req("a","interact",{"surface":"v","node":"b","gesture":"tap"}),req("b","interact",{"surface":"v","node":"t","gesture":"tap"})]),
   VEV("b","Button","onPress"),VEV("t","Toggle","onIsOnChange",True,member="isOn"),{"expect":[{"id":"a","result":{"$exact":{"handled":True,"node":"b","view":"Button"}}},{"id":"b","result":{"$exact":{"handled":True,"node":"t","view":"Toggle","value":True}}}]}], init=True)
V(VW,"describe gives each view's events and props in viewInfo", call(2,"describe",None,{"viewInfo":{"$includes":[
   {"$exact":{"name":"Button","children":True,"props":{"type":"object","properties":{"label":{"type":"string"},"role":{"enum":["default","cancel","destructive","close"]},"systemImage":{"type":"string"}}},
              "events":{"$exact":{"onPress":{"$exact":{"type":"object","properties":{"$exact":{}},"required":[]}}}}}},
   {"name":"TextField","children":False,"events":{"$exact":{"onTextChange":{"type":"object","properties":{"$exact":{"value":{"$exact":{"type":"string"}}}},"required":["value"]},"onSubmit":{"required":["value"]},
      "onChangeText":{"required":["value"]}}}},
   {"name":"Toggle","events":{"$exact":{"onIsOnChange":{"properties":{"$exact":{"isOn":{"$exact":{"type":"boolean"}}}},"required":["isOn"]},"onValueChange":{"properties":{"value":{"$exact":{"type":"boolean"}}}}}}},
   {"name":"Slider","props":{"properties":{"value":{"type":"number"},"min":{"default":0},"max":{"default":1},"step":{"minimum":0}}},
    "events":{"$exact":{"onValueChange":{"properties":{"value":{"$exact":{"type":"number"}}}},"onEditingChanged":{"properties":{"$exact":{"isEditing":{"$exact":{"type":"boolean"}}}}}}}},
   {"name":"Text","events":{"$exact":{}}}]}}), init=True)
V(VW,"ExpoUI's Form is a plugin view: its children in a List body",
   vm(N("Form","f",None,[N("Text","t",props={"text":"Row"})]))
   +vsnap(2,{"$exact":{"type":"Form","id":"f","key":"f","body":{"$exact":{"type":"List","element":"0","children":[{"$exact":{"type":"Children","element":"0/0"}}]}},
      "children":[{"$exact":{"type":"Text","id":"t","key":"t","props":{"text":"Row"}}}]}}), init=True)
V(VW,"ExpoUI's Gauge needs its value, named at its place; a view in a label prop is a slot",
   vfail(2,N("Gauge","g"),{"path":"root.props.value"})
   +call(3,"mount",{"surface":"v","root":VN("Gauge","g",value=0.5,currentValueLabel=N("Text","pct",props={"text":"50%"}))},{"$exact":{"surface":"v"}})
   +vsnap(4,{"props":{"$exact":{"value":0.5}},"slots":{"$exact":{"currentValueLabel":{"$exact":{"type":"Text","id":"pct","key":"pct","props":{"text":"50%"}}}}}}), init=True)
def OPT(key, tag): return N("Text",key,[M("tag",tag=tag)],props={"text":key})
V(VW,"ExpoUI's Picker: its tagged children are the options, a tap on one sends its tag",
   vm(VN("Picker","p",["onSelectionChange"],None,[OPT("a","a"),OPT("b","b"),N("Text","note",props={"text":"no tag"})],label="Letter",selection="a"))
   +vsnap(2,{"body":{"$exact":{"type":"Picker","element":"0","props":{"$exact":{"title":"Letter","selection":"a"}},"children":[{"$exact":{"type":"Children","element":"0/0"}}]}},
      "children":[{"id":"a","option":{"$exact":{"tag":"a","selected":True}}},{"id":"b","option":{"$exact":{"tag":"b","selected":False}}},{"id":"note","option":{"$exact":{}}}]})
   +[vact(3,"b","tap"),VEV("p","Picker","onSelectionChange","b",member="selection"),vdone(3,"p","Picker",option="b",value="b")]
   +vnot(4,"note","tap"), init=True)
V(VW,"ExpoUI's Switch and CircularProgress, names from before SDK 55, work with one deprecated-name warning each",
   [send(req(1,"mount",{"surface":"v","root":N("VStack",None,None,[VN("Switch","a",value=True),VN("Switch","b"),VN("CircularProgress","c",progress=0.5)])})),
    DEPR("a","root.children[0].type","Switch","Toggle, with isOn and onIsOnChange"),
    DEPR("c","root.children[2].type","CircularProgress","ProgressView, with value and progressViewStyle('circular')"),ok(1,{"surface":"v"}),QUIET]
   +call(2,"describe",None,{"viewInfo":{"$includes":[{"name":"Switch","deprecated":"Toggle, with isOn and onIsOnChange"}]}}), init=True)
V(VW,"ExpoUI's shapes are views: the body is the shape with its corners, and a tap gesture on one is taken",
   vm(N("HStack",None,None,[N("Circle","dot",[TAP]),VN("RoundedRectangle","card",cornerRadius=12),VN("UnevenRoundedRectangle","tab",topLeadingRadius=8)]))
   +vsnap(2,{"children":[{"id":"dot","body":{"$exact":{"type":"Circle","element":"0"}}},
      {"id":"card","body":{"$exact":{"type":"RoundedRectangle","element":"0","props":{"$exact":{"cornerRadius":12}}}}},
      {"id":"tab","body":{"type":"UnevenRoundedRectangle","props":{"topLeadingRadius":8,"bottomTrailingRadius":0}}}]})
   +[vact(3,"dot","tap"),EVP("dot",0,{"onTapGesture":{}},surface="v"),ok(3,{"$exact":{"handled":True,"node":"dot","modifier":0}})]
   +mfail(4,VN("RoundedRectangle","bad",cornerRadius=-1),{"path":"root.props.cornerRadius"},name="w"), init=True)
V(VW,"ExpoUI's Alert: its actions are reached only while presented; the trigger presents it, an action dismisses it",
   vm(VN("Alert","a",["onIsPresentedChange"],None,[VN("Button","ok",["onPress"],label="OK")],title="Saved",trigger=N("Text","t",props={"text":"Show"})))
   +[vact(2,"ok","tap"),NOT(2),QUIET]
   +[vact(3,"t","tap"),VEV("a","Alert","onIsPresentedChange",True,member="isPresented"),vdone(3,"a","Alert")]
   +vsnap(4,{"body":{"children":[{"type":"Slot"},{"type":"VStack","children":[{"$exact":{"type":"Text","element":"0/1/0","props":{"$exact":{"text":"Saved"}}}},{"type":"Children"}]}]}})
   +[vact(5,"ok","tap"),VEV("ok","Button","onPress"),VEV("a","Alert","onIsPresentedChange",False,member="isPresented"),vdone(5,"ok","Button")], init=True)
V(VW,"ExpoUI's ContextMenu: a long press on the trigger opens it, a tap on an item closes it after the item's action",
   vm(VN("ContextMenu","m",None,None,[VN("Button","share",["onPress"],label="Share")],trigger=N("Image","thumb",props={"systemName":"photo"})))
   +vnot(2,"share","tap")+vnot(3,"thumb","tap")
   +[vact(4,"thumb","longPress",duration=1),vdone(4,"m","ContextMenu")]
   +vsnap(5,{"body":{"children":[{"type":"Slot"},{"$exact":{"type":"Children","element":"0/1"}}]}})
   +[vact(6,"share","tap"),VEV("share","Button","onPress"),vdone(6,"share","Button")]
   +vsnap(7,{"body":{"children":[{"type":"Slot"}]}}), init=True)
V(VW,"ExpoUI's BottomSheet: dismiss on its content asks to close it; interactiveDismissDisabled refuses; nothing else is dismissed",
   vm(VN("VStack","top",None,None,[VN("BottomSheet","sheet",["onIsPresentedChange","onDismiss"],None,[N("Text","body",props={"text":"Details"})],isPresented=True),N("Text","plain",props={"text":"x"})]))
   +[vact(2,"body","dismiss"),VEV("sheet","BottomSheet","onIsPresentedChange",False,member="isPresented"),VEV("sheet","BottomSheet","onDismiss"),vdone(2,"sheet","BottomSheet")]
   +vnot(3,"plain","dismiss")
   +call(4,"update",{"surface":"v","root":VN("BottomSheet","sheet",["onIsPresentedChange"],None,[N("Text","body",[M("interactiveDismissDisabled")],props={"text":"Details"})],isPresented=True)})
   +vnot(5,"body","dismiss")
   +call(6,"update",{"surface":"v","root":VN("BottomSheet","sheet",["onIsPresentedChange"],None,[N("Text","body",props={"text":"Details"})],isPresented=False)})
   +vnot(7,"body","dismiss"), init=True)
V(VW,"ExpoUI's TabView: a tap on a Tab selects it; only the selected tab's content is reached",
   vm(VN("TabView","tabs",["onSelectionChange"],None,[VN("Tab","a",None,None,[VN("Button","ga",["onPress"],label="A")],value="a"),VN("Tab","b",None,None,[VN("Button","gb",["onPress"],label="B")],value="b")],selection="a"))
   +vsnap(2,{"children":[{"id":"a","option":{"$exact":{"tag":"a","selected":True}}},{"id":"b","option":{"$exact":{"tag":"b","selected":False}}}]})
   +vnot(3,"gb","tap")
   +[vact(4,"b","tap"),VEV("tabs","TabView","onSelectionChange","b",member="selection"),vdone(4,"tabs","TabView",option="b",value="b")]
   +call(5,"update",{"surface":"v","root":VN("TabView","tabs",["onSelectionChange"],None,[VN("Tab","a",None,None,[VN("Button","ga",["onPress"],label="A")],value="a"),VN("Tab","b",None,None,[VN("Button","gb",["onPress"],label="B")],value="b")],selection="b")})
   +[vact(6,"gb","tap"),VEV("gb","Button","onPress"),vdone(6,"gb","Button")]+vnot(7,"ga","tap"), init=True)
V(VW,"initialize lists viewInfo in the order of views", [send(req(1,"initialize",{"protocolVersion":1})),ok(1,{"views":VIEWS,"viewInfo":[{"name":v} for v in VIEWS]})])

# ---------------- symbols: SF Symbols effects, transitions, scale, variants (ExpoUI) ----------------
SY="symbols"
def IMG(key, name="heart", mods=None): return N("Image",key,mods,props={"systemName":name})
def symsnap(id, root): return call(id,"snapshot",{"surface":"sy"},{"root":root})
def symmount(root): return mount(1,"sy",root)
def symupd(id, root, counts): return upd(id,"sy",root,counts)
def BOUNCE(value): return M("symbolEffect",effect="bounce",value=value)
def runs(n, effect="bounce"): return {"symbol":{"effects":[{"$exact":{"effect":effect,"kind":"discrete","runs":n}}]}}
V(SY,"a discrete effect runs once per change of value", symmount(IMG("i",mods=[BOUNCE(0)]))+symsnap(2,runs(0))
   +symupd(3,IMG("i",mods=[BOUNCE(1)]),{"created":0,"updated":1,"unchanged":0,"removed":0})+symsnap(4,runs(1))
   +symupd(5,IMG("i",mods=[BOUNCE(1)]),{"created":0,"updated":0,"unchanged":1,"removed":0})+symsnap(6,runs(1))
   +symupd(7,IMG("i",mods=[BOUNCE("1")]),{"created":0,"updated":1,"unchanged":0,"removed":0})+symsnap(8,runs(2)), init=True)
def sympat(id, ops, counts): return call(id,"update",{"surface":"sy","patch":ops},{"$exact":counts})
V(SY,"a patch of an ancestor's effect runs it on the image below", symmount(N("VStack","s",[BOUNCE(0)],[IMG("i")]))
   +sympat(2,[{"op":"set","node":"s","modifiers":[BOUNCE(1)]}],{"created":0,"updated":1,"unchanged":0,"removed":0})
   +symsnap(3,{"children":[dict({"id":"i"},**runs(1))]})
   +sympat(4,[{"op":"insert","parent":"s","node":IMG("j")}],{"created":0,"updated":0,"unchanged":1,"removed":0})
   +symsnap(5,{"children":[dict({"id":"i"},**runs(1)),dict({"id":"j"},**runs(0))]}), init=True)
V(SY,"a change of options alone does not run a discrete effect", symmount(IMG("i",mods=[BOUNCE(0)]))
   +symupd(2,IMG("i",mods=[M("symbolEffect",effect="bounce",value=0,options={"speed":2})]),{"created":0,"updated":1,"unchanged":0,"removed":0})
   +symsnap(3,{"symbol":{"effects":[{"$exact":{"effect":"bounce","kind":"discrete","runs":0,"options":{"$exact":{"speed":2}}}}]}}), init=True)
V(SY,"a failed update runs nothing", symmount(N("VStack","s",None,[IMG("i",mods=[BOUNCE(0)])]))
   +fails(2,"update",{"surface":"sy","root":N("VStack","s",None,[IMG("i",mods=[BOUNCE(1)]),{"type":"Nope"}])},-32602,{"path":"root.children[1].type"})
   +symsnap(3,{"children":[runs(0)]})
   +symupd(4,N("VStack","s",None,[IMG("i",mods=[BOUNCE(1)])]),{"created":0,"updated":1,"unchanged":0,"removed":0})+symsnap(5,{"children":[runs(1)]}), init=True)
V(SY,"an indefinite effect is active by default and while isActive", symmount(N("HStack","s",None,[IMG("a",mods=[M("symbolEffect",effect="pulse")]),IMG("b",mods=[M("symbolEffect",effect="variableColor",isActive=False,options={"repeat":"continuous"})])]))
   +symsnap(2,{"children":[{"symbol":{"effects":[{"$exact":{"effect":"pulse","kind":"indefinite","active":True}}]}},
                          {"symbol":{"effects":[{"$exact":{"effect":"variableColor","kind":"indefinite","active":False,"options":{"$exact":{"repeat":"continuous"}}}}]}}]})
   +symupd(3,N("HStack","s",None,[IMG("a",mods=[M("symbolEffect",effect="pulse")]),IMG("b",mods=[M("symbolEffect",effect="variableColor",isActive=True,options={"repeat":"continuous"})])]),{"created":0,"updated":1,"unchanged":1,"removed":0})
   +symsnap(4,{"children":[{},{"symbol":{"effects":[{"effect":"variableColor","active":True}]}}]}), init=True)
V(SY,"effects reach the images at or under the node, and symbolEffectsRemoved strips them", symmount(
     N("VStack","s",[M("symbolEffect",effect="pulse")],[IMG("a",mods=[M("symbolEffect",effect="wiggle",value=1)]),IMG("b",mods=[M("symbolEffectsRemoved")]),N("Text","t",props={"text":"x"}),N("Image","photo",props={"size":3})]))
   +symsnap(2,{"children":[{"symbol":{"effects":[{"$exact":{"effect":"pulse","kind":"indefinite","active":True}},{"$exact":{"effect":"wiggle","kind":"discrete","runs":0}}]}},
                          {"symbol":{"$exact":{"systemName":"heart","shown":"heart"}}},{"symbol":{"$absent":True}},{"symbol":{"$absent":True}}]}), init=True)
V(SY,"symbolEffectsRemoved strips only what is around it", symmount(N("VStack","s",[M("symbolEffect",effect="pulse")],[IMG("a",mods=[M("symbolEffect",effect="bounce",value=0),M("symbolEffectsRemoved")])]))
   +symsnap(2,{"children":[runs(0)]})
   +symupd(3,N("VStack","s",[M("symbolEffect",effect="pulse")],[IMG("a",mods=[M("symbolEffect",effect="bounce",value=0),M("symbolEffectsRemoved",isEnabled=False)])]),{"created":0,"updated":1,"unchanged":2,"removed":0})
   +symsnap(4,{"children":[{"symbol":{"effects":[{"effect":"pulse"},{"effect":"bounce"}]}}]}), init=True)
V(SY,"a Label's and a Button's systemImage take symbol modifiers too", symmount(N("VStack","s",[M("symbolEffect",effect="bounce",value=0),M("symbolVariant",variant="fill")],
     [N("Label","l",props={"title":"Inbox","systemImage":"tray"}),N("Button","b",props={"label":"Delete","systemImage":"trash"}),N("Label","plain",props={"title":"No icon"})]))
   +symsnap(2,{"children":[{"symbol":{"$exact":{"systemName":"tray","shown":"tray.fill","variant":"fill","effects":[{"$exact":{"effect":"bounce","kind":"discrete","runs":0}}]}}},
                          {"symbol":{"shown":"trash.fill"}},{"symbol":{"$absent":True}}]}), init=True)
V(SY,"an image without symbol modifiers has no symbol", symmount(IMG("i",mods=[M("padding")]))+symsnap(2,{"symbol":{"$absent":True}}), init=True)
V(SY,"scale, rendering mode, variants and weight reach the images under the node", symmount(
     N("VStack","s",[M("imageScale",scale="large"),M("symbolRenderingMode",mode="hierarchical"),M("symbolVariant",variant="circle"),M("font",size=24,weight="bold")],
       [IMG("a",mods=[M("symbolVariant",variant="fill")]),IMG("b",name="01.circle",mods=[M("imageScale",scale="small"),M("fontWeight",weight="thin")])]))
   +symsnap(2,{"children":[{"symbol":{"$exact":{"systemName":"heart","shown":"heart.circle.fill","variant":"circle.fill","scale":"large","renderingMode":"hierarchical","weight":"bold","pointSize":24}}},
                          {"symbol":{"$exact":{"systemName":"01.circle","shown":"01.circle","variant":"circle","scale":"small","renderingMode":"hierarchical","weight":"thin","pointSize":24}}}]}), init=True)
V(SY,"foregroundStyle colours reach the symbols; a palette takes up to three", symmount(
     N("VStack","s",[M("foregroundStyle",color="red"),M("imageScale",scale="medium")],[IMG("a"),IMG("b",mods=[M("symbolRenderingMode",mode="palette"),M("foregroundStyle",color="#0000FF",secondary="rgb(0 255 0)",tertiary="orange")])]))
   +symsnap(2,{"children":[{"symbol":{"colors":["#FF0000FF"]}},{"symbol":{"renderingMode":"palette","colors":["#0000FFFF","#00FF00FF","#FFA500FF"]},"styles":[{"$style":"foregroundStyle","color":"#0000FFFF"}]}]})
   +mfail(3,IMG("i",mods=[M("foregroundStyle",color="red",tertiary="blue")]),{"path":"root.modifiers[0].tertiary"},name="sy2"), init=True)
V(SY,"a transition runs when an image enters by an update, not at mount", symmount(N("VStack","s",[M("transition",symbolEffect="appear")],[IMG("a")]))
   +symsnap(2,{"children":[{"symbol":{"transition":{"$exact":{"effect":"appear","ranOnEnter":False}}}}]})
   +symupd(3,N("VStack","s",[M("transition",symbolEffect="appear")],[IMG("a"),IMG("b")]),{"created":0,"updated":0,"unchanged":1,"removed":0,"symbolTransitions":[{"node":"b","effect":"appear","phase":"enter"}]})
   +symsnap(4,{"children":[{"symbol":{"transition":{"ranOnEnter":False}}},{"symbol":{"transition":{"$exact":{"effect":"appear","ranOnEnter":True}}}}]}), init=True)
V(SY,"update names the images that enter or leave with a transition", symmount(N("VStack","s",[M("transition",symbolEffect="drawOn")],[IMG("a"),IMG("b")]))
   +call(2,"update",{"surface":"sy","root":N("VStack","s",[M("transition",symbolEffect="drawOn")],[IMG("b"),IMG("c"),N("Text","t",props={"text":"x"})])},
     {"$exact":{"created":0,"updated":0,"unchanged":1,"removed":0,"symbolTransitions":[{"$exact":{"node":"a","effect":"drawOn","phase":"leave"}},{"$exact":{"node":"c","effect":"drawOn","phase":"enter"}}]}})
   +symupd(3,N("VStack","s",[M("transition",symbolEffect="drawOn")],[IMG("b"),IMG("c")]),{"created":0,"updated":0,"unchanged":1,"removed":0}), init=True)
V(SY,"a content transition runs when the symbol shown changes", symmount(IMG("i",name="play",mods=[M("contentTransition",symbolEffect="replace")]))
   +symsnap(2,{"symbol":{"contentTransition":{"$exact":{"effect":"replace","runs":0}}}})
   +symupd(3,IMG("i",name="pause",mods=[M("contentTransition",symbolEffect="replace")]),{"created":0,"updated":0,"unchanged":1,"removed":0})
   +symsnap(4,{"symbol":{"shown":"pause","contentTransition":{"runs":1}}})
   +symupd(5,IMG("i",name="pause",mods=[M("contentTransition",symbolEffect="replace")]),{"created":0,"updated":0,"unchanged":1,"removed":0})
   +symsnap(6,{"symbol":{"contentTransition":{"runs":1}}})
   +symupd(7,IMG("i",name="pause",mods=[M("contentTransition",symbolEffect="replace"),M("symbolVariant",variant="fill")]),{"created":1,"updated":0,"unchanged":1,"removed":0})
   +symsnap(8,{"symbol":{"shown":"pause.fill","contentTransition":{"runs":2}}}), init=True)
V(SY,"a symbol modifier with no image under it gets a warning; fontWeight does not", [send(req(1,"mount",{"surface":"sy","root":N("VStack","s",[M("symbolEffect",effect="pulse"),M("fontWeight",weight="bold")],[N("Text","t",props={"text":"x"}),N("Image","photo",props={"size":3})])}))]
   +[{"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"$exact":{"severity":"warning","code":"symbols-without-image","message":{"$contains":"no SF Symbol"},"surface":"sy","node":"s","path":"root.modifiers[0]"}}}}},ok(1,{"$exact":{"surface":"sy"}})]
   +[send(req(2,"update",{"surface":"sy","root":N("VStack","s",[M("symbolEffect",effect="pulse"),M("fontWeight",weight="bold")],[N("Text","t",props={"text":"x"}),IMG("i")])})),ok(2,{"$exact":{"created":0,"updated":0,"unchanged":2,"removed":0}}),QUIET], init=True)
V(SY,"an effect that is not discrete is refused with value", mfail(1,IMG("i",mods=[M("symbolEffect",effect="drawOn",value=1)]),
   {"path":"root.modifiers[0].effect","got":"drawOn","expected":"SymbolEffectName"},name="sy")
   +[send(req(2,"mount",{"surface":"sy","root":IMG("i",mods=[M("symbolEffect",effect="replace",value=1)])})),{"expect":{"id":2,"error":{"code":-32602,"message":{"$contains":"discrete effect with 'value' (bounce, bounceUp, bounceDown, pulse, variableColor, wiggle, rotate, breathe)"}}}}], init=True)
V(SY,"a transition-only effect is refused without value", mfail(1,IMG("i",mods=[M("symbolEffect",effect="automatic")]),{"path":"root.modifiers[0].effect","got":"automatic"},name="sy"), init=True)
V(SY,"value and isActive together are refused", mfail(1,IMG("i",mods=[M("symbolEffect",effect="bounce",value=1,isActive=True)]),{"path":"root.modifiers[0].isActive"},name="sy"), init=True)
V(SY,"an unknown effect lists the effects", [send(req(1,"mount",{"surface":"sy","root":IMG("i",mods=[M("symbolEffect",effect="drawon")])})),
   {"expect":{"id":1,"error":{"code":-32602,"data":{"path":"root.modifiers[0].effect","got":"drawon"},"message":{"$contains":"'drawOn'"}}}}], init=True)
V(SY,"transition and contentTransition take only their effects", mfail(1,IMG("i",mods=[M("transition",symbolEffect="bounce")]),{"path":"root.modifiers[0].symbolEffect","got":"bounce"},name="sy")
   +mfail(2,IMG("i",mods=[M("contentTransition",symbolEffect="appear")]),{"path":"root.modifiers[0].symbolEffect","got":"appear"},name="sy"), init=True)
V(SY,"options are checked", mfail(1,IMG("i",mods=[M("symbolEffect",effect="pulse",options={"speed":0})]),{"path":"root.modifiers[0].options.speed","got":"0"},name="sy")
   +mfail(2,IMG("i",mods=[M("symbolEffect",effect="pulse",options={"repeat":"continuous","count":2})]),{"path":"root.modifiers[0].options.count"},name="sy"), init=True)
V(SY,"a variant outside SF Symbols' order is refused with the list", [send(req(1,"mount",{"surface":"sy","root":IMG("i",mods=[M("symbolVariant",variant="fill.circle")])})),
   {"expect":{"id":1,"error":{"code":-32602,"data":{"path":"root.modifiers[0].variant","got":"fill.circle"},"message":{"$contains":"'slash.circle.fill'"}}}}], init=True)

# ---------------- search fields and sheet detents: searchable, presentationDetents (ExpoUI) ----------------
SE="search"
def sm(root, id=1): return mount(id,"se",root)
def sact(id, node, gesture, **params): return send(req(id,"interact",dict({"surface":"se","node":node,"gesture":gesture},**params)))
def ssnap(id, root): return call(id,"snapshot",{"surface":"se"},{"root":root})
def SEV(node, mod, payload): return EVP(node,mod,payload,surface="se")
def snot(id, node, gesture, **params): return [sact(id,node,gesture,**params),NOT(id),QUIET]
def sfail(id, root, data): return mfail(id,root,data,name="se")
SLIST=N("List","list",[M("padding",all=1),M("searchable",text="ap",prompt="Search fruit")],[N("Text","a",props={"text":"apple"}),N("Text","b",props={"text":"banana"})])
V(SE,"searchable: the snapshot shows the field, its text and prompt", sm(SLIST)+ssnap(2,{"id":"list","search":{"$exact":{"text":"ap","prompt":"Search fruit","placement":"automatic","modifier":1}},
   "styles":[{"$exact":{"$style":"padding","top":1,"leading":1,"bottom":1,"trailing":1}}]}), init=True)
V(SE,"searchable: type appends to the field and sends Expo's event", sm(SLIST)+[sact(2,"list","type",text="p"),SEV("list",1,{"searchable":{"$exact":{"text":"app"}}}),
   ok(2,{"$exact":{"handled":True,"node":"list","modifier":1,"field":"search","value":"app"}}),QUIET]+ssnap(3,{"search":{"text":"app"}}), init=True)
V(SE,"searchable: type with replace replaces the text", sm(SLIST)+[sact(2,"list","type",text="kiwi",replace=True),SEV("list",1,{"searchable":{"$exact":{"text":"kiwi"}}}),ok(2,{"value":"kiwi"})], init=True)
V(SE,"searchable: replacing with the same text sends nothing", sm(SLIST)+[sact(2,"list","type",text="ap",replace=True),ok(2,{"$exact":{"handled":True,"node":"list","modifier":1,"field":"search","value":"ap"}}),QUIET], init=True)
V(SE,"searchable: the typed text stays while the front-end's text stays", sm(SLIST)+[sact(2,"list","type",text="p"),SEV("list",1,{"searchable":{"text":"app"}}),ok(2)]
   +call(3,"update",{"surface":"se","root":SLIST},{"$exact":{"created":0,"updated":0,"unchanged":2,"removed":0}})+ssnap(4,{"search":{"text":"app"}}), init=True)
V(SE,"searchable: text written by the front-end replaces the typed text, without an event", sm(SLIST)+[sact(2,"list","type",text="p"),SEV("list",1,{"searchable":{"text":"app"}}),ok(2)]
   +call(3,"update",{"surface":"se","root":N("List","list",[M("padding",all=1),M("searchable",text="",prompt="Search fruit")],SLIST["children"])})+[QUIET]+ssnap(4,{"search":{"text":""}}), init=True)
V(SE,"searchable: the text defaults to empty and the prompt to null", sm(N("List","list",[M("searchable")],[N("Text","a")]))+ssnap(2,{"search":{"$exact":{"text":"","prompt":None,"placement":"automatic","modifier":0}}}), init=True)
V(SE,"searchable: the innermost field is the node's", sm(N("List","list",[M("searchable",text="inner"),M("searchable",text="outer")],[N("Text","a")]))
   +[sact(2,"list","type",text="!"),SEV("list",0,{"searchable":{"text":"inner!"}}),ok(2,{"modifier":0,"value":"inner!"}),QUIET]+ssnap(3,{"search":{"text":"inner!","modifier":0}}), init=True)
V(SE,"searchable: a row of the List has no field of its own", sm(SLIST)+snot(2,"a","type",text="x"), init=True)
V(SE,"searchable: a disabled List's field takes no text", sm(N("List","list",[M("searchable",text="a"),M("disabled")],[N("Text","a")]))+snot(2,"list","type",text="x")+ssnap(3,{"search":{"text":"a"},"disabled":True}), init=True)
V(SE,"searchable: a view without a field is not typed into", sm(N("List","list",None,[N("Text","a")]))+snot(2,"list","type",text="x"), init=True)
V(SE,"searchable: an unknown placement is refused with the list", sfail(1,N("List",None,[M("searchable",placement="top")]),{"path":"root.modifiers[0].placement","got":"top"}), init=True)
V(SE,"searchable: text must be a string", sfail(1,N("List",None,[M("searchable",text=5)]),{"path":"root.modifiers[0].text"}), init=True)
V(SE,"searchable: the prompt must be a string", sfail(1,N("List",None,[M("searchable",prompt=True)]),{"path":"root.modifiers[0].prompt"}), init=True)
SHEET=N("VStack","sheet",[M("presentationDetents",detents=["large","medium",{"fraction":0.25}])],[N("Text","t",props={"text":"sheet"})])
def chose(id, node, mod, detent, changed=True): return ok(id,{"$exact":{"handled":True,"node":node,"modifier":mod,"detent":detent,"changed":changed}})
V(SE,"presentationDetents: the snapshot lists the detents smallest first and starts at the smallest", sm(SHEET)+ssnap(2,{"sheet":{"$exact":{"detents":[{"$exact":{"fraction":0.25}},"medium","large"],"selection":{"$exact":{"fraction":0.25}},"modifier":0}}}), init=True)
V(SE,"presentationDetents: selection is where the sheet starts", sm(N("VStack","sheet",[M("presentationDetents",detents=["medium","large"],selection="large")]))+ssnap(2,{"sheet":{"selection":"large"}}), init=True)
V(SE,"presentationDetents: a detent chosen through interact is reported and shown", sm(SHEET)+[sact(2,"sheet","detent",detent="large"),SEV("sheet",0,{"presentationDetents":{"$exact":{"detent":"large"}}}),chose(2,"sheet",0,"large"),QUIET]
   +ssnap(3,{"sheet":{"selection":"large"}})+[sact(4,"sheet","detent",detent={"fraction":0.25}),SEV("sheet",0,{"presentationDetents":{"$exact":{"detent":{"$exact":{"fraction":0.25}}}}}),chose(4,"sheet",0,{"$exact":{"fraction":0.25}})], init=True)
V(SE,"presentationDetents: choosing the detent it is at sends nothing", sm(SHEET)+[sact(2,"sheet","detent",detent={"fraction":0.25}),chose(2,"sheet",0,{"$exact":{"fraction":0.25}},changed=False),QUIET], init=True)
V(SE,"presentationDetents: a height detent", sm(N("VStack","sheet",[M("presentationDetents",detents=[{"height":200},"large"])]))+ssnap(2,{"sheet":{"detents":[{"$exact":{"height":200}},"large"],"selection":{"height":200}}})
   +[sact(3,"sheet","detent",detent="large"),SEV("sheet",0,{"presentationDetents":{"detent":"large"}}),chose(3,"sheet",0,"large")], init=True)
V(SE,"presentationDetents: a detent the sheet does not list is not chosen", sm(SHEET)+snot(2,"sheet","detent",detent={"height":100})+ssnap(3,{"sheet":{"selection":{"fraction":0.25}}}), init=True)
V(SE,"presentationDetents: a node without detents is not dragged", sm(SHEET)+snot(2,"t","detent",detent="large"), init=True)
V(SE,"presentationDetents: a disabled sheet is not dragged", sm(N("VStack","sheet",[M("presentationDetents",detents=["medium","large"]),M("disabled")]))+snot(2,"sheet","detent",detent="large"), init=True)
V(SE,"presentationDetents: the chosen detent stays while the params stay", sm(SHEET)+[sact(2,"sheet","detent",detent="medium"),SEV("sheet",0,{"presentationDetents":{"detent":"medium"}}),ok(2)]
   +call(3,"update",{"surface":"se","root":SHEET},{"$exact":{"created":0,"updated":0,"unchanged":1,"removed":0}})+ssnap(4,{"sheet":{"selection":"medium"}}), init=True)
V(SE,"presentationDetents: interact needs a detent", sm(SHEET)+[sact(2,"sheet","detent"),err(2,-32602,{"path":"detent","got":"nothing"})], init=True)
V(SE,"presentationDetents: interact refuses a malformed detent at its path", sm(SHEET)+[sact(2,"sheet","detent",detent={"fraction":2}),err(2,-32602,{"path":"detent","got":'{"fraction":2}'})]
   +[sact(3,"sheet","detent",detent="small"),err(3,-32602,{"path":"detent","got":'"small"'})], init=True)
DETENT_REFUSED=[
  ("an unknown detent name is refused",dict(detents=["medium","half"]),"detents[1]"),
  ("a fraction above 1 is refused",dict(detents=[{"fraction":1.5}]),"detents[0]"),
  ("a height of 0 is refused",dict(detents=["large",{"height":0}]),"detents[1]"),
  ("no detents at all is refused",dict(detents=[]),"detents"),
  ("detents are required",{},"detents"),
  ("a selection that is not among the detents is refused",dict(detents=["medium"],selection="large"),"selection"),
  ("a malformed selection is refused",dict(detents=["medium"],selection={"fraction":-1}),"selection"),
]
for name, params, field in DETENT_REFUSED:
    V(SE,"presentationDetents: "+name, sfail(1,N("VStack",None,[M("presentationDetents",**params)]),{"path":f"root.modifiers[0].{field}"}), init=True)

# ---------------- plugin views (surfaces.md, section 13): the Rating fixture plugin's Rating and Panel ----------------
# These need the fixture plugin Tests/Fixtures/RatingPlugin (requires="rating-fixture"): the runner loads it into the host
# it starts with --spawn (its manifest is fixtures/RatingFixture/plugin.json), and skips them, saying so, against a
# --socket host that does not serve Rating. A removed or changed plugin needs files to change: the integration tests
# (Tests/IntegrationTests/PluginViewIntegrationTests.swift) cover those.
PV="pluginviews"
FIX="rating-fixture"
def PVV(name, steps, **kw): V(PV, name, steps, init=True, requires=FIX, **kw)
def RATING(value=2, key="r", events=["onValueChange"], **more):
    return {"type":"Rating","key":key,"props":dict({"value":value,"max":3,"label":"Stars"},**more),"events":events}
def pm(root, id=1): return mount(id,"pv",root)
def pact(id, node, gesture, **params): return send(req(id,"interact",dict({"surface":"pv","node":node,"gesture":gesture},**params)))
def psnap(id, root): return call(id,"snapshot",{"surface":"pv"},{"root":root})
def STAR(index, name): return {"type":"Button","element":f"0/{index}","children":[{"$exact":{"type":"Image","element":f"0/{index}/0","props":{"$exact":{"systemName":name}}}}]}
RATING_BODY={"$exact":{"type":"HStack","element":"0","props":{"alignment":"center"},"children":[
   {"$exact":{"type":"Text","element":"0/0","props":{"$exact":{"text":"Stars"}}}},STAR(1,"star.fill"),STAR(2,"star.fill"),STAR(3,"star")]}}
PVV("describe lists a plugin view with its plugin, props and events", call(2,"describe",None,{
   "views":{"$includes":["Rating","Panel"]},
   "viewInfo":{"$includes":[{"$exact":{"name":"Rating","children":True,"plugin":"RatingFixture","module":"Rating","typeName":"RatingView","slots":[],
      "props":{"type":"object","properties":{"value":{"type":"integer"},"max":{"type":"integer"},"label":{"type":"string"},"testID":{"type":"string"}}},
      "events":{"$exact":{"onValueChange":{"type":"object"}}}}}]},
   "modules":{"$includes":[{"$exact":{"name":"Rating","plugin":"RatingFixture","functions":[],"events":[],"views":["Rating"]}}]}}))
PVV("a plugin view shows its props and its evaluated body", pm(RATING())+psnap(2,{"$exact":{"type":"Rating","id":"r","key":"r",
   "props":{"$exact":{"value":2,"max":3,"label":"Stars"}},"events":["onValueChange"],"body":RATING_BODY}}))
PVV("a tap on a Button in the body sends the view's event to the owner", pm(RATING())+[pact(2,"r","tap",element="0/3"),
   {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":"pv","node":"r","view":"Rating","payload":{"$exact":{"onValueChange":{"$exact":{"value":3}}}}}}}}},
   ok(2,{"$exact":{"handled":True,"node":"r","element":"0/3","view":"Button"}})])
PVV("an event the node does not list is not sent", pm(RATING(events=[]))+[pact(2,"r","tap",element="0/1"),
   ok(2,{"$exact":{"handled":True,"node":"r","element":"0/1","view":"Button"}}),QUIET])
PVV("an update with new props evaluates the body again", pm(RATING())+call(2,"update",{"surface":"pv","root":RATING(value=3)})
   +psnap(3,{"body":{"children":[{"type":"Text"},STAR(1,"star.fill"),STAR(2,"star.fill"),STAR(3,"star.fill")]}}))
PVV("a prop of the wrong type is an error at its place", fails(1,"mount",{"surface":"pv","root":RATING(value="three")},-32602,
   {"path":"root.props.value","expected":"Int","got":{"$type":"string"}}))
PVV("a prop the view does not declare is reported with a suggestion",
   [send(req(1,"mount",{"surface":"pv","root":RATING(lable="x")})),
    {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"diagnostic","params":{"$exact":{"severity":"warning","code":"unknown-prop","message":{"$type":"string"},"surface":"pv","node":"r","path":"root.props.lable","key":"lable","known":["value","max","label","testID"],"suggestion":"label"}}}}},
    ok(1,{"$exact":{"surface":"pv"}})])
PVV("testID is a prop of every plugin view", pm(RATING(testID="stars"))+[QUIET])
PVV("an event the view does not have is an error at its place", fails(1,"mount",{"surface":"pv","root":RATING(events=["onValueChanged"])},-32602,
   {"path":"root.events[0]","got":"onValueChanged","suggestion":"onValueChange"}))
PVV("an unknown view type names the closest", fails(1,"mount",{"surface":"pv","root":{"type":"Ratting"}},-32602,
   {"path":"root.type","got":"Ratting","suggestion":"Rating","known":{"$type":"array"}}))
PVV("an element that is not in the body is an error at element", pm(RATING())+fails(2,"interact",{"surface":"pv","node":"r","gesture":"tap","element":"0/9"},-32602,
   {"path":"element","expected":"an element path of the node's body","got":"0/9"}))
PANEL={"type":"Panel","key":"p","props":{"title":"Prefs"},"events":["onCommit"],"children":[{"type":"Text","key":"note","props":{"text":"hi"}}]}
PVV("state, bindings and children of a plugin view", pm(PANEL)
   +[pact(2,"p","tap",element="0/1"),ok(2,{"$exact":{"handled":True,"node":"p","element":"0/1","view":"Toggle","value":True}})]
   +[pact(3,"p","tap",element="0/5"),ok(3,{"$exact":{"handled":True,"node":"p","element":"0/5","view":"Button"}})]
   +[pact(4,"p","type",element="0/2",text="Ada"),ok(4,{"$exact":{"handled":True,"node":"p","element":"0/2","view":"TextField","value":"Ada"}})]
   +[pact(5,"p","submit",element="0/2"),
     {"expectNotification":{"$exact":{"jsonrpc":"2.0","method":"event","params":{"$exact":{"surface":"pv","node":"p","view":"Panel","payload":{"$exact":{"onCommit":{"$exact":{"name":"Ada","enabled":True}}}}}}}}},
     ok(5,{"$exact":{"handled":True,"node":"p","element":"0/2","view":"TextField","value":"Ada"}})]
   +[pact(6,"p","slide",element="0/3",value=3.3),ok(6,{"$exact":{"handled":True,"node":"p","element":"0/3","view":"Slider","value":3.5}})]
   +[pact(7,"p","tap",element="0/4/1"),ok(7,{"$exact":{"handled":True,"node":"p","element":"0/4/1","view":"Text"}})]
   +call(8,"update",{"surface":"pv","root":dict(PANEL,props={"title":"Settings"})})
   +psnap(9,{"children":[{"id":"note"}],"body":{"children":[{"props":{"text":"Settings: 1 taps"}},{"props":{"isOn":True}},{"props":{"text":"Ada"}},{"props":{"value":3.5}},
      {"props":{"selection":"large"}},{"type":"Button"},{"$exact":{"type":"Children","element":"0/6"}}]}}))
PVV("a disabled Button in a body is not handled", pm(PANEL)+[pact(2,"p","tap",element="0/5"),NOT(2),QUIET])
CARD={"type":"Card","key":"c","props":{"title":"Inbox","header":{"type":"Button","key":"go","props":{"label":"Go"},"events":["onPress"]}}}
PVV("a view in a slot prop is a node shown under slots and placed in the body", pm(CARD)+psnap(2,{"$exact":{"type":"Card","id":"c","key":"c",
   "props":{"$exact":{"title":"Inbox"}},"body":{"$exact":{"type":"VStack","element":"0","props":{"alignment":"center"},"children":[
      {"$exact":{"type":"Slot","element":"0/0","props":{"$exact":{"name":"header","filled":True}}}},
      {"$exact":{"type":"Text","element":"0/1","props":{"$exact":{"text":"Inbox"}}}},{"$exact":{"type":"Children","element":"0/2"}}]}},
   "slots":{"$exact":{"header":{"$exact":{"type":"Button","id":"go","key":"go","props":{"label":"Go"},"events":["onPress"]}}}}}})
   +[pact(3,"go","tap"),VEV("go","Button","onPress",surface="pv"),ok(3,{"$exact":{"handled":True,"node":"go","view":"Button"}})])
PVV("a slot prop that is not a node is an error at its place", fails(1,"mount",{"surface":"pv","root":{"type":"Card","props":{"header":"Go"}}},-32602,
   {"path":"root.props.header","expected":"a node object or null","got":"string"}))


os.makedirs(OUT, exist_ok=True)
total=0
for f,vs in files.items():
    with open(f"{OUT}/{f}.json","w") as h:
        h.write("[\n"+",\n".join(json.dumps(v, ensure_ascii=False) for v in vs)+"\n]\n")
    total+=len(vs); print(f, len(vs))
print("total", total)
