// check.mjs BASE: drives BASE/mcp with the official MCP TypeScript SDK client
// (Streamable HTTP transport), in every language the site serves, and holds
// each answer to what the site itself serves for the same request:
//
// - initialize: the protocol revision, the server's name, its capabilities
//   and instructions that carry agents.md's facts in that language;
// - every tool of tools/list, called with several argument sets (defaults,
//   limit/offset pages, past the end, every project's slug, a search, the
//   other language as an argument): structuredContent deep-equals the API's
//   whole answer (so its data equals the API's data) for the same
//   parameters, and the text content is that answer too; the SDK checks
//   structuredContent against the tool's outputSchema itself;
// - out-of-bounds arguments: isError with the API's own error object;
// - every resource of resources/list: its text equals the page fetched.
//
// Prints "tools called: N, errors: N, resources read: N" and exits 0, or
// prints the first difference and exits 1. Used by tests/blackbox/mcp.test.sh.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const base = process.argv[2];
if (!base) {
	console.error('usage: check.mjs BASE');
	process.exit(2);
}

async function getJson(path) {
	const r = await fetch(base + path);
	return { status: r.status, body: await r.json() };
}

// The API path of each operation, from the OpenAPI document.
const openapi = (await getJson('/openapi.json')).body;
const opPath = {};
for (const [path, item] of Object.entries(openapi.paths))
	if (item.get) opPath[item.get.operationId] = path;
const health = (await getJson('/api/v1/health')).body;
const siteLangs = openapi.components.parameters.lang.schema.enum;

// The API request a tool call stands for: path, then the query in the
// route's order (what meta.self shows), lang last.
function apiUrl(name, args, lang, schema) {
	let path = opPath[name];
	assert.ok(path, `tool ${name} is an API operation`);
	if (args.slug !== undefined) path = path.replace('{slug}', args.slug);
	const q = new URLSearchParams();
	for (const k of Object.keys(schema.properties))
		if (k !== 'slug' && k !== 'lang' && args[k] !== undefined) q.append(k, String(args[k]));
	q.append('lang', args.lang ?? lang);
	return `${path}?${q}`;
}

let calls = 0, errors = 0, reads = 0;

async function session(lang) {
	const url = new URL(base + '/mcp' + (lang === siteLangs[0] ? '' : `?lang=${lang}`));
	const transport = new StreamableHTTPClientTransport(url, {
		requestInit: { headers: { 'Accept-Language': lang } },
	});
	const client = new Client({ name: 'perfil-check', version: '1.0.0' });
	await client.connect(transport);

	// initialize
	assert.equal(transport.protocolVersion, '2025-11-25', 'negotiated revision');
	assert.equal(client.getServerVersion().name, 'perfil');
	assert.ok(client.getServerCapabilities().tools, 'tools capability');
	assert.ok(client.getServerCapabilities().resources, 'resources capability');
	const guide = await (await fetch(base + (lang === siteLangs[0] ? '' : `/${lang}`) + '/agents.md')).text();
	const facts = guide.split(/^## /m)[1];
	assert.ok(facts && facts.length > 100, 'agents.md has a facts section');
	assert.ok(client.getInstructions().includes('## ' + facts.trimEnd()),
		`instructions (${lang}) carry agents.md's facts`);
	await client.ping();

	// tools
	const { tools } = await client.listTools();
	assert.ok(tools.length >= 4, 'several tools');
	const projects = (await getJson(`/api/v1/projects?limit=100&lang=${lang}`)).body.data;
	const word = projects[0].title.split(/[^\p{L}]+/u).find((w) => w.length >= 4) ?? 'cloud';
	const other = siteLangs.find((l) => l !== lang);
	for (const tool of tools) {
		const props = tool.inputSchema.properties ?? {};
		let sets = [{}];
		if (props.limit && props.offset)
			sets = [{}, { limit: 1 }, { limit: 2, offset: 1 }, { offset: props.offset.maximum },
				{ limit: props.limit.maximum, lang: other }];
		if (props.slug) sets = projects.map((p) => ({ slug: p.slug }));
		if (props.q) sets = [{ q: word }, { q: word, limit: 1 }, { q: 'zzzqqqxxx' }];
		if (!props.limit && !props.slug && !props.q) sets = [{}, { lang: other }];
		for (const args of sets) {
			const res = await client.callTool({ name: tool.name, arguments: args });
			const api = await getJson(apiUrl(tool.name, args, lang, tool.inputSchema));
			assert.equal(api.status, 200, `${tool.name} ${JSON.stringify(args)}: API answers 200`);
			assert.notEqual(res.isError, true, `${tool.name} ${JSON.stringify(args)}: no error`);
			assert.deepEqual(res.structuredContent, api.body, `${tool.name} ${JSON.stringify(args)} (${lang})`);
			assert.deepEqual(res.structuredContent.data, api.body.data);
			assert.deepEqual(JSON.parse(res.content[0].text), api.body);
			calls++;
		}
		// Out of bounds: the API's own error, as a tool error.
		const bad = [];
		if (props.limit) bad.push({ ...(props.q ? { q: word } : {}), limit: props.limit.maximum + 1 });
		if (props.offset) bad.push({ offset: -1 });
		if (props.slug) bad.push({ slug: 'no-such-item' });
		if (props.q) bad.push({ q: ' ' });
		bad.push({ lang: 'xx', ...(props.slug ? { slug: projects[0].slug } : {}), ...(props.q ? { q: word } : {}) });
		for (const args of bad) {
			const res = await client.callTool({ name: tool.name, arguments: args });
			const api = await getJson(apiUrl(tool.name, args, lang, tool.inputSchema));
			assert.ok(api.status >= 400 && api.status < 500, `${tool.name} ${JSON.stringify(args)}: API refuses`);
			assert.equal(res.isError, true, `${tool.name} ${JSON.stringify(args)}: isError`);
			assert.deepEqual(JSON.parse(res.content[0].text), api.body,
				`${tool.name} ${JSON.stringify(args)}: the API's error`);
			errors++;
		}
	}
	// An unknown tool is a protocol error (-32602).
	await assert.rejects(client.callTool({ name: 'noSuchTool', arguments: {} }),
		(e) => e.code === -32602);

	// resources
	const { resources } = await client.listResources();
	assert.ok(resources.some((r) => r.uri.endsWith('/resume.json')), 'the JSON Resume is a resource');
	for (const r of resources) {
		const got = await client.readResource({ uri: r.uri });
		const page = await fetch(r.uri);
		assert.equal(page.status, 200, r.uri);
		assert.equal(got.contents[0].uri, r.uri);
		assert.equal(got.contents[0].mimeType, r.mimeType);
		assert.equal(got.contents[0].text, await page.text(), `resource ${r.uri}`);
		reads++;
	}
	await assert.rejects(client.readResource({ uri: base + '/etc/passwd' }), (e) => e.code === -32002);
	await client.close();
}

try {
	assert.equal(health.data.status, 'ok');
	for (const lang of siteLangs) await session(lang);
} catch (e) {
	console.error(e.stack ?? String(e));
	process.exit(1);
}
console.log(`tools called: ${calls}, errors: ${errors}, resources read: ${reads}, languages: ${siteLangs.join(' ')}`);
