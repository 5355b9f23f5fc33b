// check.mjs: validates JSON Resume documents against the official schema
// package (@jsonresume/schema: its own validator, and ajv with formats as a
// second, stricter reading of the same schema), then renders each with a
// real theme (jsonresume-theme-even) to HTML.
//
//   node check.mjs OUTDIR FILE...
//
// Prints one line per file; exits 1 when any file fails. OUTDIR/NAME.html
// receives each rendering.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import * as theme from 'jsonresume-theme-even';

const require = createRequire(import.meta.url);
const pkg = require('@jsonresume/schema');
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const ajvValidate = ajv.compile(pkg.schema);

const [outdir, ...files] = process.argv.slice(2);
let failed = 0;
for (const file of files) {
	const problems = [];
	let doc;
	try {
		doc = JSON.parse(readFileSync(file, 'utf8'));
	} catch (e) {
		problems.push(`not JSON: ${e.message}`);
	}
	if (doc !== undefined) {
		pkg.validate(doc, (errs, ok) => {
			if (!ok)
				for (const e of errs)
					problems.push(`schema: ${e.property} ${e.message}`);
		});
		if (!ajvValidate(doc))
			for (const e of ajvValidate.errors)
				problems.push(`ajv: ${e.instancePath} ${e.message}`);
		try {
			const html = await theme.render(doc);
			if (typeof html !== 'string' || !html.includes('<html'))
				problems.push('theme: no HTML document');
			else if (doc.basics?.name && !html.includes(doc.basics.name
			    .replace(/&/g, '&amp;')))
				problems.push('theme: the HTML does not name basics.name');
			writeFileSync(`${outdir}/${basename(file, '.json')}.html`, html);
		} catch (e) {
			problems.push(`theme: ${e.stack}`);
		}
	}
	if (problems.length) {
		failed++;
		console.log(`FAIL ${file}`);
		for (const p of problems)
			console.log(`  ${p}`);
	} else {
		console.log(`ok ${file}`);
	}
}
process.exit(failed ? 1 : 0);
