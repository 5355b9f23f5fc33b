// contract.mjs: holds the service to its OpenAPI document.
//
//   node contract.mjs DOC.json DOC.yaml RESPONSES-DIR|RESPONSES.tsv
//
// DOC.json and DOC.yaml are what `perfil-fcgi --dump-openapi[=yaml]` printed;
// RESPONSES-DIR is the black-box suite's $BLACKBOX_OUT/responses (NNNN.meta:
// method, path, status, headers; NNNN.body); RESPONSES.tsv lists them
// instead, a "META-FILE<TAB>BODY-FILE" line each (tests/contract/run: a
// symbolic link per file cost two processes a response). Checks, each printed as one
// "ok"/"FAIL" line:
//   - the document is valid OpenAPI 3.1 (an independent validator);
//   - the YAML parses (YAML 1.2 and 1.1 rules) to exactly the JSON document;
//   - the documents the suite fetched are this document;
//   - every saved response under /api conforms to the schema and the
//     headers of its operation and status (ajv, JSON Schema 2020-12);
//     unknown routes to the Error envelope; one line per operation and status;
//   - the generated examples conform, and deliberately broken responses are
//     rejected (so the validator can fail);
//   - with CONTRACT_COVERAGE=1: every operation was answered 200 at least once.
// Ends with "contract: N passed, N failed"; exits 1 on any failure.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { basename, join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import YAML from "yaml";

const [docPath, yamlPath, respDir] = process.argv.slice(2);
if (!respDir) {
	console.error("usage: node contract.mjs DOC.json DOC.yaml RESPONSES-DIR");
	process.exit(2);
}

let passed = 0;
let failed = 0;

// check(title, problems): one result line; problems is a list of strings.
// CONTRACT_LABEL (another content set's name) prefixes every title.
const label = process.env.CONTRACT_LABEL ? `${process.env.CONTRACT_LABEL}: ` : "";
function check(title, problems) {
	title = label + title;
	if (problems.length === 0) {
		passed++;
		console.log(`  ok    contract: ${title}`);
		return;
	}
	failed++;
	console.log(`  FAIL  contract: ${title}`);
	for (const p of problems.slice(0, 20)) {
		console.log(`          ${p}`);
	}
	if (problems.length > 20) {
		console.log(`          ... and ${problems.length - 20} more`);
	}
}

const docText = readFileSync(docPath, "utf8");
const yamlText = readFileSync(yamlPath, "utf8");
const doc = JSON.parse(docText);

// --- The document itself -----------------------------------------------------

{
	const v = new Validator();
	const res = await v.validate(structuredClone(doc));
	const problems = [];
	if (v.version !== "3.1") {
		problems.push(`validated as OpenAPI ${v.version}, not 3.1`);
	}
	if (!res.valid) {
		for (const e of [].concat(res.errors ?? [])) {
			problems.push(JSON.stringify(e).slice(0, 300));
		}
		if (problems.length === 0) problems.push("invalid");
	}
	check("the document is valid OpenAPI 3.1 (@seriousme/openapi-schema-validator)", problems);
}

for (const version of ["1.2", "1.1"]) {
	const problems = [];
	try {
		const parsed = YAML.parse(yamlText, { version, uniqueKeys: true });
		if (!isDeepStrictEqual(parsed, doc)) {
			problems.push(`YAML ${version} parse differs from the JSON document: ${firstDifference(parsed, doc, "")}`);
		}
	} catch (e) {
		problems.push(`YAML ${version} parse failed: ${e.message}`);
	}
	check(`the YAML document parses (YAML ${version} rules) to exactly the JSON document`, problems);
}

// firstDifference(a, b, where): a path to the first place a and b differ.
function firstDifference(a, b, where) {
	if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || a === null || b === null || typeof a !== "object") {
		return isDeepStrictEqual(a, b) ? null : `${where || "/"}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
	}
	for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
		const d = firstDifference(a[k], b[k], `${where}/${k}`);
		if (d) return d;
	}
	return null;
}

// --- Schemas ------------------------------------------------------------------

// The component schemas become one JSON Schema 2020-12 resource; references
// into it are rewritten from "#/components/schemas/X" to its $defs.
const SCHEMAS_ID = "https://perfil.invalid/openapi/schemas";
function rewriteRefs(node) {
	if (Array.isArray(node)) return node.map(rewriteRefs);
	if (node && typeof node === "object") {
		const out = {};
		for (const [k, v] of Object.entries(node)) {
			if (k === "$ref" && typeof v === "string" && v.startsWith("#/components/schemas/")) {
				out[k] = `${SCHEMAS_ID}#/$defs/${v.slice("#/components/schemas/".length)}`;
			} else {
				out[k] = rewriteRefs(v);
			}
		}
		return out;
	}
	return node;
}

function newAjv() {
	const ajv = new Ajv2020({ allErrors: true, strict: true });
	addFormats(ajv);
	ajv.addSchema({ $id: SCHEMAS_ID, $defs: rewriteRefs(doc.components?.schemas ?? {}) });
	return ajv;
}
const ajv = newAjv();
const compiled = new Map();

// validatorFor(schema, key): a compiled validator, cached by key.
function validatorFor(schema, key) {
	if (!compiled.has(key)) compiled.set(key, ajv.compile(rewriteRefs(schema)));
	return compiled.get(key);
}

// deref(node): follow a local "$ref" of the document.
function deref(node) {
	let n = node;
	for (let i = 0; n && typeof n.$ref === "string" && i < 10; i++) {
		n = n.$ref.slice(2).split("/").map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"))
			.reduce((o, k) => (o === undefined ? undefined : o[k]), doc);
	}
	return n;
}

const errorSchema = { $ref: "#/components/schemas/Error" };

// --- Matching requests to operations ------------------------------------------

const templates = Object.entries(doc.paths ?? {}).map(([template, item]) => ({
	template,
	item,
	re: new RegExp("^" + template.split(/(\{[^}]+\})/).map((part) =>
		part.startsWith("{") ? "([^/]+)" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("") + "$"),
}));

// normalise(path): the path as nginx hands it to the responder: the query
// dropped, percent-escapes decoded, "//" merged, dot segments resolved.
function normalise(raw) {
	let p = raw.split("?")[0];
	try {
		p = decodeURIComponent(p);
	} catch {
		return null;
	}
	p = p.replace(/\/{2,}/g, "/");
	const out = [];
	for (const seg of p.split("/").slice(1)) {
		if (seg === ".") continue;
		if (seg === "..") out.pop();
		else out.push(seg);
	}
	if (p.endsWith("/.") || p.endsWith("/..")) out.push("");
	return "/" + out.join("/");
}

function findOperation(path) {
	for (const t of templates) {
		if (path !== null && t.re.test(path)) return { template: t.template, op: t.item.get };
	}
	return null;
}

// responseFor(op, status): the documented response object, dereferenced.
function responseFor(op, status) {
	const r = op.responses ?? {};
	return deref(r[String(status)] ?? r[`${String(status)[0]}XX`] ?? r.default);
}

// checkHeaders(response, headers): problems with the documented headers.
function checkHeaders(resp, headers) {
	const problems = [];
	for (const [name, h0] of Object.entries(resp.headers ?? {})) {
		const h = deref(h0);
		const value = headers[name.toLowerCase()];
		if (value === undefined) {
			if (h.required) problems.push(`header ${name} missing`);
			continue;
		}
		const s = h.schema ?? {};
		if (s.enum && !s.enum.includes(value)) problems.push(`header ${name}: ${value} not one of ${s.enum.join(" | ")}`);
		if (s.pattern && !new RegExp(s.pattern).test(value)) problems.push(`header ${name}: ${value} does not match ${s.pattern}`);
	}
	return problems;
}

function ajvErrors(validate) {
	return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}${e.params && Object.keys(e.params).length ? " " + JSON.stringify(e.params) : ""}`);
}

// --- The saved responses --------------------------------------------------------

// files: {name: "NNNN.meta", meta: its path, body: its body's path}
let files = [];
try {
	if (statSync(respDir).isFile()) {
		files = readFileSync(respDir, "utf8").split("\n").filter((l) => l !== "")
			.map((l) => l.split("\t"))
			.map(([meta, body]) => ({ name: basename(meta), meta, body }));
	} else {
		files = readdirSync(respDir).filter((f) => f.endsWith(".meta")).sort()
			.map((f) => ({ name: f, meta: join(respDir, f), body: join(respDir, f.replace(/\.meta$/, ".body")) }));
	}
} catch (e) {
	check("the black-box responses are readable", [`${respDir}: ${e.message}`]);
}

// decodeBody(bytes, coding): the body as text, decoded from its
// Content-Encoding (none, gzip or br).
function decodeBody(bytes, coding) {
	if (bytes.length === 0 || coding === undefined) return bytes.toString("utf8");
	if (coding === "gzip") return gunzipSync(bytes).toString("utf8");
	if (coding === "br") return brotliDecompressSync(bytes).toString("utf8");
	throw new Error(`unknown Content-Encoding ${coding}`);
}

const groups = new Map(); // "operation status" -> {count, problems}
const served200 = new Set();
const docProblems = [];
let docsSeen = 0;

function group(key) {
	if (!groups.has(key)) groups.set(key, { count: 0, problems: [] });
	return groups.get(key);
}

for (const f of files) {
	const meta = JSON.parse(readFileSync(f.meta, "utf8"));
	const raw = meta.path ?? "";
	if (!/^\/api(\/|$|\?)/.test(raw)) continue;
	const where = `${f.name.replace(/\.meta$/, "")} ${meta.method} ${raw} -> ${meta.status} (${meta.test}: ${meta.case})`;
	// Compressed answers (compression.test.sh) are checked decoded.
	let bodyText;
	try {
		bodyText = decodeBody(readFileSync(f.body),
			meta.headers?.["content-encoding"]);
	} catch (e) {
		group("content coding").problems.push(`${where}: cannot decode: ${e.message}`);
		continue;
	}
	const path = normalise(raw);
	const status = meta.status;
	const headers = meta.headers ?? {};

	// The document's own URLs are fixed documents, not operations.
	const isDoc = path === "/api/openapi.json" || path === "/api/openapi.yaml";
	if (isDoc && status < 400) {
		// Only the shared stack serves the dumped content at the dumped base
		// URL; private stacks (another owner, another base) serve their own.
		const shared = !process.env.CONTRACT_BASE || (meta.url ?? "").startsWith(process.env.CONTRACT_BASE + "/");
		if (status === 200 && meta.method === "GET" && shared) {
			docsSeen++;
			try {
				const got = path.endsWith(".yaml") ? YAML.parse(bodyText) : JSON.parse(bodyText);
				if (!isDeepStrictEqual(got, doc)) docProblems.push(`${where}: not the dumped document`);
			} catch (e) {
				docProblems.push(`${where}: ${e.message}`);
			}
		}
		continue;
	}

	const found = findOperation(path);
	if (found && meta.method === "OPTIONS" && status === 204) continue; // CORS preflight, not an operation
	const key = found ? `${found.op.operationId} ${status}` : isDoc ? `${path} ${status}` : `unknown route ${status}`;
	const g = group(key);
	g.count++;
	const problems = [];

	let schema;
	if (found) {
		const resp = responseFor(found.op, status);
		if (!resp) {
			g.problems.push(`${where}: status ${status} is not documented for ${found.op.operationId}`);
			continue;
		}
		problems.push(...checkHeaders(resp, headers));
		const media = resp.content?.["application/json"];
		schema = media?.schema;
		if (!media && bodyText.length > 0) problems.push(`a body where the document says none`);
		if (status === 200) served200.add(found.op.operationId);
	} else {
		if (status < 400) {
			g.problems.push(`${where}: a success on a path the document does not list`);
			continue;
		}
		schema = errorSchema;
	}

	if (schema && bodyText.length > 0) {
		const ctype = headers["content-type"] ?? "";
		if (!/^application\/json\b/.test(ctype)) problems.push(`content-type ${ctype}, not application/json`);
		let body;
		try {
			body = JSON.parse(bodyText);
		} catch (e) {
			problems.push(`body is not JSON: ${e.message}`);
		}
		if (body !== undefined) {
			const validate = validatorFor(schema, JSON.stringify(schema));
			if (!validate(body)) problems.push(...ajvErrors(validate));
			if (body?.error && body.error.status !== status) problems.push(`error.status ${body.error.status} is not the HTTP status`);
		}
	} else if (schema && meta.method !== "HEAD") {
		problems.push("an empty body where the document requires one");
	}
	if (problems.length) g.problems.push(`${where}: ${problems.join("; ")}`);
}

if (docsSeen > 0) check(`the documents served under /api (${docsSeen}) are the dumped document`, docProblems);

for (const [key, g] of [...groups.entries()].sort()) {
	check(`${key}: ${g.count} response(s) conform to the document`, g.problems);
}
if (files.length === 0) check("the black-box suite saved responses to validate", ["none found in " + respDir]);

if (process.env.CONTRACT_COVERAGE === "1") {
	const missing = templates.map((t) => t.item.get.operationId).filter((id) => !served200.has(id));
	check("every documented operation was answered 200 in the black-box suite", missing.map((id) => `${id}: no 200 response saved`));
}

// --- The examples, and proof that the validator can fail --------------------

const exampleProblems = [];
let examples = 0;
for (const t of templates) {
	const op = t.item.get;
	for (const [status, r0] of Object.entries(op.responses)) {
		const media = deref(r0)?.content?.["application/json"];
		for (const [name, ex] of Object.entries(media?.examples ?? {})) {
			examples++;
			const validate = validatorFor(media.schema, JSON.stringify(media.schema));
			if (!validate(ex.value)) exampleProblems.push(`${op.operationId} ${status} example ${name}: ${ajvErrors(validate).join("; ")}`);
		}
	}
}
if (examples === 0) exampleProblems.push("the document has no examples");
check(`the document's ${examples} generated examples conform to their schemas`, exampleProblems);

// mutate(operationId, what, fn): take the operation's Spanish example, break
// it with fn, and expect the validator to reject it.
// Another content set's run skips these: they test the validator on the
// demo's document, which the demo's run does.
function mutate(operationId, what, fn) {
	if (label) return;
	const t = templates.find((x) => x.item.get.operationId === operationId);
	const media = t?.item.get.responses["200"].content["application/json"];
	const value = structuredClone(media?.examples?.es?.value);
	if (value === undefined) {
		check(`a response with ${what} is rejected (${operationId})`, [`no ${operationId} example to break`]);
		return;
	}
	const validate = validatorFor(media.schema, JSON.stringify(media.schema));
	fn(value);
	check(`a response with ${what} is rejected (${operationId})`, validate(value) ? ["the validator accepted it"] : []);
}

mutate("listProjects", "an extra field in an item", (v) => { v.data[0].extra = "x"; });
mutate("listProjects", "a missing field in an item", (v) => { delete v.data[0].title; });
mutate("listProjects", "a mistyped field (stack as a string)", (v) => { v.data[0].stack = v.data[0].stack.join(", "); });
mutate("listProjects", "a renamed field (title -> name)", (v) => { v.data[0].name = v.data[0].title; delete v.data[0].title; });
mutate("listProjects", "a slug outside ^[a-z0-9-]+$", (v) => { v.data[0].slug = "Not A Slug"; });
mutate("listProjects", "a url that is not a URI", (v) => { v.data[0].url = "not a uri"; });
mutate("listProjects", "meta without total", (v) => { delete v.meta.total; });
mutate("listProjects", "meta.count as a string", (v) => { v.meta.count = String(v.meta.count); });
mutate("listProjects", "an object where the array goes", (v) => { v.data = v.data[0]; });
mutate("getProfile", "a missing required field (email)", (v) => { delete v.data.email; });
mutate("getProfile", "an email that is not an email", (v) => { v.data.email = "nobody"; });
mutate("getProfile", "location.remote as a string", (v) => { v.data.location.remote = "yes"; });
mutate("getHealth", "an extra field in Health", (v) => { v.data.uptime = 1; });
mutate("getHealth", "an extra member in the envelope", (v) => { v.links = {}; });
mutate("listSkills", "an extra field in a skill", (v) => { v.data[0].skills[0].level = "expert"; });

if (!label) {
	const validate = validatorFor(errorSchema, "error");
	const good = { error: { status: 404, code: "not_found", message: "m", hint: "h", documentation_url: "https://example.org/developers" } };
	const cases = [
		["an extra member in error", (e) => { e.error.detail = "x"; }],
		["a missing hint", (e) => { delete e.error.hint; }],
		["an unknown error code", (e) => { e.error.code = "gone"; }],
		["error.status as a string", (e) => { e.error.status = "404"; }],
		["a renamed member (message -> msg)", (e) => { e.error.msg = e.error.message; delete e.error.message; }],
	];
	check("a well-formed error envelope is accepted", validate(good) ? [] : ajvErrors(validate));
	for (const [what, fn] of cases) {
		const e = structuredClone(good);
		fn(e);
		check(`an error envelope with ${what} is rejected`, validate(e) ? ["the validator accepted it"] : []);
	}
}

console.log(`contract: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
