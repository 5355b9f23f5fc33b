#!/usr/bin/env bash
# front: nginx-only the PDF's structure, the responder's own bytes (cv_pdf serves /cv.pdf behind Apache); one front is enough
# The CV's PDF is a tagged PDF (issue 48; src/site/cv_pdf_draw.c, pdf_ua.c), for
# Spanish and English (the demo), a Japanese and an Arabic site imported
# from tests/fixtures/scripts/*.resume.json, and a Japanese and English one
# whose Japanese résumé gives two titles in English: opened with pikepdf (Debian's
# python3-pikepdf) and poppler's structure dump (pdfinfo -struct-text), each
# checked against the site itself:
# - the catalog: /StructTreeRoot, /MarkInfo << /Marked true >>,
#   /ViewerPreferences << /DisplayDocTitle true >>, /Lang the page's language
#   (<html lang>), /Metadata an XMP packet with pdfuaid:part 1, dc:title equal
#   to the information dictionary's /Title, dc:language the page's language,
#   dc:relation the URL of the same CV as plain text (its /cv.txt);
# - the structure tree: one Document, its first element the H1 with the name
#   of /api/v1/profile; then the H2s with /cv's section headings and the H3s
#   with its entries' headings, in /cv's order (its markdown twin's ## and ###
#   lines); every L holds only LI, every LI only Lbl and LBody; no role
#   outside the standard ones cairo writes; as many Figures as images, each
#   with /Alt: with site.json's "cv_portrait" (the demo, and the Arabic site
#   given a JPEG portrait) one image on page 1, its Figure's /Alt the name of
#   /api/v1/profile, at the end of the line (the left in Arabic), a JPEG
#   embedded as it is (DCTDecode); without it (the Japanese sites) none;
# - every link annotation is the object (OBJR) of a Link element and has
#   /Contents (its URI), and every page with annotations has /Tabs /S;
# - every painting operator of every page is in marked content with an MCID
#   (real content) or in /Artifact (the footer, the rules), never neither;
#   the footer's text is /Artifact << /Type /Pagination /Subtype /Footer >>,
#   the rules /Type /Layout, and the catalog says /Version /1.7 (Subtype's);
# - /Lang on exactly the elements whose words are in another language than
#   the page's: none in the demo and the one-language sites; in the Japanese
#   PDF of the Japanese and English owner, the two English titles (pikepdf's
#   /Lang beside poppler's text of the same element), in its English PDF
#   none;
# - every font has a /ToUnicode map; qpdf --check is clean; pdftotext gives
#   the section headings in /cv's order.
# What PDF/UA-1 asks that these checks cannot see is in docs/site.md.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"
trap 'stack_stop; _bb_finish' EXIT

PY=/usr/bin/python3	# Debian's python3-pikepdf is the system Python's
for tool in pdfinfo pdftotext qpdf "$PY"; do
	bb_require "$tool"
done

req GET /cv.pdf
if [[ $RESP_STATUS == 404 ]]; then
	t 'built without the PDF (--disable-pdf): nothing to check'
	_bb_pass
	exit 0
fi

t 'pikepdf (python3-pikepdf) can be imported'
run_cmd "$PY" -c 'import pikepdf'
expect_exit 0

# tags PDF LANG: one line per thing the PDF's catalog, metadata, structure,
# annotations and fonts get wrong against LANG (nothing when all is right);
# then, after a line "--", the structure's headings, one "ROLE TEXT" a line.
tags() {
	"$PY" - "$@" <<'PYEOF'
import sys, xml.etree.ElementTree as ET
import pikepdf
from pikepdf import Name

path, lang, txt, alt, side = sys.argv[1:6]
pdf = pikepdf.open(path)
root = pdf.Root
bad = []
def need(ok, what):
    if not ok:
        bad.append(what)

need('/StructTreeRoot' in root, 'the catalog has no /StructTreeRoot')
# an artifact's /Subtype is PDF 1.7's
need(str(root.get('/Version', '')) == '/1.7', 'the catalog /Version is not 1.7')
need(root.get('/MarkInfo', {}).get('/Marked') is True, '/MarkInfo /Marked is not true')
need(root.get('/ViewerPreferences', {}).get('/DisplayDocTitle') is True,
     '/ViewerPreferences /DisplayDocTitle is not true')
need(str(root.get('/Lang', '')) == lang, '/Lang is %r, not %r' % (str(root.get('/Lang', '')), lang))

info_title = str(pdf.trailer.Info.get('/Title', '')) if '/Info' in pdf.trailer else ''
need(info_title != '', 'the information dictionary has no /Title')
if '/Metadata' not in root:
    bad.append('the catalog has no /Metadata')
else:
    md = root.Metadata
    need(md.get('/Subtype') == Name.XML, 'the metadata stream is not /Subtype /XML')
    x = ET.fromstring(md.read_bytes().decode('utf-8').split('?>', 1)[1].rsplit('<?xpacket', 1)[0])
    ns = {'rdf': 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
          'dc': 'http://purl.org/dc/elements/1.1/',
          'pdfuaid': 'http://www.aiim.org/pdfua/ns/id/'}
    part = [e.text for e in x.iter('{%s}part' % ns['pdfuaid'])]
    need(part == ['1'], 'XMP pdfuaid:part is %r, not 1' % part)
    title = [e.text for e in x.findall('.//dc:title/rdf:Alt/rdf:li', ns)]
    need(title == [info_title], 'XMP dc:title %r is not /Title %r' % (title, info_title))
    langs = [e.text for e in x.findall('.//dc:language/rdf:Bag/rdf:li', ns)]
    need(langs == [lang], 'XMP dc:language is %r, not %r' % (langs, lang))
    rel = [e.text for e in x.findall('.//dc:relation/rdf:Bag/rdf:li', ns)]
    need(rel == [txt], 'XMP dc:relation is %r, not the plain-text CV %r' % (rel, txt))

ROLES = {'Document', 'H1', 'H2', 'H3', 'P', 'L', 'LI', 'Lbl', 'LBody', 'Span',
         'Link', 'BlockQuote', 'Figure'}
objr = set()
heads = []
figures = []
def walk(e, parent):
    if not isinstance(e, pikepdf.Dictionary):
        return
    if e.get('/Type') == Name.OBJR:
        objr.add(e.Obj.objgen)
        need(parent == 'Link', 'an annotation (OBJR) in a %s, not a Link' % parent)
        return
    if e.get('/Type') == Name.MCR or '/S' not in e:
        return
    role = str(e.S)[1:]
    need(role in ROLES, 'a structure element of role %s' % role)
    need(parent != 'L' or role == 'LI', 'an %s in an L' % role)
    need(parent != 'LI' or role in ('Lbl', 'LBody'), 'an %s in an LI' % role)
    if role in ('H1', 'H2', 'H3'):
        heads.append(role)
    if role == 'Figure':
        figures.append(str(e.get('/Alt', '')))
        need(figures[-1] != '', 'a Figure without /Alt')
    k = e.get('/K')
    for c in (k if isinstance(k, pikepdf.Array) else [k]):
        walk(c, role)

if '/StructTreeRoot' in root:
    k = root.StructTreeRoot.K
    top = list(k) if isinstance(k, pikepdf.Array) else [k]
    need(len(top) == 1 and top[0].get('/S') == Name.Document,
         'the structure tree is not one Document')
    for e in top:
        walk(e, 'StructTreeRoot')
need(heads[:1] == ['H1'] and heads.count('H1') == 1,
     'the headings do not start with the one H1: %r' % heads[:3])

images = []
for n, page in enumerate(pdf.pages, 1):
    annots = page.obj.get('/Annots', [])
    for a in annots:
        if a.get('/Subtype') == Name.Link:
            need(a.objgen in objr, 'page %d: a link annotation in no Link element' % n)
            need(str(a.get('/Contents', '')) == str(a.A.get('/URI', '-')),
                 'page %d: a link annotation whose /Contents is not its URI' % n)
    if len(annots):
        need(page.obj.get('/Tabs') == Name.S, 'page %d has annotations and no /Tabs /S' % n)
    res = page.obj.get('/Resources', {})
    fonts = res.get('/Font', pikepdf.Dictionary())
    for k in fonts.keys():
        need('/ToUnicode' in fonts[k], 'page %d: font %s has no /ToUnicode' % (n, fonts[k].get('/BaseFont')))
    xobjects = res.get('/XObject', pikepdf.Dictionary())
    for k in xobjects.keys():
        if xobjects[k].get('/Subtype') == Name.Image:
            images.append((n, k, xobjects[k]))
need(len(figures) == len(images), '%d images and %d Figure elements' % (len(images), len(figures)))
# the portrait: one image on page 1, a Figure whose /Alt is the name, at
# the end of the line (the right, or the left in a language written right
# to left); a JPEG is the owner's bytes (DCTDecode); none without one
if alt:
    need(figures == [alt], 'the Figures\' /Alt are %r, not [%r]' % (figures, alt))
    need([i[0] for i in images] == [1], 'images on pages %r, not one on page 1' % [i[0] for i in images])
    if images and side:
        x = None
        cm = []
        for operands, op in pikepdf.parse_content_stream(pdf.pages[0]):
            if str(op) == 'cm':
                cm = [float(v) for v in operands]
            elif str(op) == 'Do' and str(operands[0]) == str(images[0][1]):
                x = cm[4] if cm else None
        w = float(pdf.pages[0].mediabox[2])
        need(x is not None and (x < w / 2) == (side == 'left'),
             'the portrait is drawn at x=%r, not on the %s of a page %g wide' % (x, side, w))
    if side == 'left' and images:
        need(images[0][2].get('/Filter') == Name.DCTDecode,
             'the JPEG portrait is not embedded as it is (DCTDecode)')
else:
    need(not figures and not images, '%d Figures and %d images, and no portrait wanted' % (len(figures), len(images)))

# every painting operator is real content (in a sequence with an MCID) or
# an artifact, never neither nor both; each page has its footer as one. An
# artifact says what it is (ISO 32000-1, 14.8.2.2.2): the text the CV
# draws outside its structure is the footer's (/Pagination /Footer), its
# paths the rules under the section names (/Layout)
PAINT = {'Tj', 'TJ', "'", '"', 'S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*',
         'Do', 'sh', 'BI'}
TEXT = {'Tj', 'TJ', "'", '"'}
def kind(props):
    if not isinstance(props, pikepdf.Dictionary):
        return 'untyped'
    return '%s/%s' % (props.get('/Type', ''), props.get('/Subtype', ''))
for n, page in enumerate(pdf.pages, 1):
    stack, seen = [], {'real': 0, 'artifact': 0, 'unmarked': 0, 'both': 0}
    kinds = {'text': set(), 'path': set()}
    for operands, op in pikepdf.parse_content_stream(page):
        op = str(op)
        if op in ('BDC', 'BMC'):
            mcid = (op == 'BDC' and isinstance(operands[1], pikepdf.Dictionary)
                    and '/MCID' in operands[1])
            stack.append((str(operands[0]), mcid,
                          operands[1] if op == 'BDC' else None))
        elif op == 'EMC':
            stack.pop()
        elif op in PAINT:
            real = any(m for _, m, _ in stack)
            art = [p for t, _, p in stack if t == '/Artifact']
            seen['both' if real and art else 'real' if real else
                 'artifact' if art else 'unmarked'] += 1
            if art:
                kinds['text' if op in TEXT else 'path'].add(kind(art[-1]))
    need(seen['unmarked'] == 0 and seen['both'] == 0,
         'page %d: %d painting operators unmarked, %d both real and artifact'
         % (n, seen['unmarked'], seen['both']))
    need(seen['artifact'] > 0 and seen['real'] > 0,
         'page %d: %d artifacts, %d real' % (n, seen['artifact'], seen['real']))
    need(kinds['text'] == {'/Pagination//Footer'},
         'page %d: text artifacts of kinds %r, not the footer only' % (n, sorted(kinds['text'])))
    need(kinds['path'] <= {'/Layout/'},
         'page %d: path artifacts of kinds %r, not layout only' % (n, sorted(kinds['path'])))
for b in bad:
    print(b)
PYEOF
}

# struct_heads PDF: "ROLE TEXT" for each H1, H2 and H3 of the structure, in
# its order, as poppler reads their marked content: the first line of the
# first text in each (in a Link for a heading that is a link), up to a
# ligature.
struct_heads() {
	pdfinfo -struct-text "$1" | awk '
		/^ *H[123] \(block\)$/ { role = $1; next }
		role != "" && /^ *"/ { sub(/^ *"/, ""); sub(/"$/, ""); print role " " $0; role = "" }'
}

# lang_spans PDF: "LANG<TAB>ROLE<TAB>TEXT" for each structure element with a
# /Lang of its own, in the tree's order: pikepdf's reading of the tree gives
# the /Lang, poppler's (pdfinfo -struct-text) the text of the same element;
# a line saying so when the two readings differ.
lang_spans() {
	"$PY" - "$1" <<'PYEOF'
import subprocess, sys
import pikepdf
from pikepdf import Name

path = sys.argv[1]
pdf = pikepdf.open(path)
elems = []
def walk(e):
    if not isinstance(e, pikepdf.Dictionary) or e.get('/Type') in (Name.MCR, Name.OBJR) \
            or '/S' not in e:
        return
    elems.append((str(e.S)[1:], str(e.get('/Lang', ''))))
    k = e.get('/K')
    for c in (k if isinstance(k, pikepdf.Array) else [k]):
        walk(c)
k = pdf.Root.StructTreeRoot.K
for c in (k if isinstance(k, pikepdf.Array) else [k]):
    walk(c)
seen = []
for line in subprocess.run(['pdfinfo', '-struct-text', path], capture_output=True,
                           text=True, check=True).stdout.splitlines():
    line = line.strip()
    if line.startswith('"'):
        seen[-1][1].append(line[1:-1])
    elif line and not line.startswith('Object '):
        seen.append((line.split()[0], []))
if [r for r, _ in seen] != [r for r, _ in elems]:
    print('pikepdf and poppler read %d and %d elements' % (len(elems), len(seen)))
for (role, lang), (_, text) in zip(elems, seen):
    if lang:
        print('%s\t%s\t%s' % (lang, role, ''.join(text)))
PYEOF
}

flat() {
	sed 's/\xc2\xa0//g; s/\xe2\x80\xaf//g' | tr -d ' \t\n\f\r-'
}

# check_tags LANG PREFIX: the cases for PREFIX/cv.pdf, whose page is in LANG.
check_tags() {
	local lang=$1 pre=$2 f=$BB_TMP/cv-$1.pdf name want got
	t "$pre/cv.pdf ($lang): the catalog, the XMP metadata, the structure, the links, the fonts, ${PORTRAIT_SIDE:-no} portrait"
	req GET "/api/v1/profile?lang=$lang"
	name=$(jq -r .data.name "$RESP_DIR/body")
	req GET "$pre/cv.pdf"
	expect_status 200
	cp "$RESP_DIR/body" "$f"
	req GET "$pre/cv"
	expect_body_contains "<html lang=\"$lang\""
	run_cmd tags "$f" "$lang" "$BASE$pre/cv.txt" "${PORTRAIT_SIDE:+$name}" \
		"${PORTRAIT_SIDE-}"
	expect_exit 0
	expect_equal 'what PDF/UA-1 asks and the PDF lacks' '' "$(cat "$BB_TMP/stdout")"

	t "$pre/cv.pdf ($lang): /Lang on the words in another language, and only there"
	run_cmd lang_spans "$f"
	expect_exit 0
	expect_equal 'elements with a /Lang of their own (LANG TEXT)' \
		"$(sort <<<"${LANGS_WANT-}")" "$(cut -f1,3 "$BB_TMP/stdout" | sort)"

	t "$pre/cv.pdf ($lang): H1 the name, then the H2 and H3 of $pre/cv in its order"
	req GET "$pre/cv.md"
	expect_status 200
	# the headings' text: a link's words without its address
	want=$(printf 'H1 %s\n' "$name"; sed -n 's/^## /H2 /p; s/^### /H3 /p' "$RESP_DIR/body" |
		sed 's/\[\([^]]*\)\]([^)]*)/\1/g')
	cp "$RESP_DIR/body" "$BB_TMP/cv-$lang.md"
	struct_heads "$f" >"$BB_TMP/heads"
	expect_differ 'H2 headings on /cv' 0 "$(grep -c '^H2 ' <<<"$want")"
	# roles in order, each heading's first line a start of /cv's heading
	expect_equal 'roles in order' "$(cut -d' ' -f1 <<<"$want" | tr '\n' ' ')" \
		"$(cut -d' ' -f1 "$BB_TMP/heads" | tr '\n' ' ')"
	# poppler gives a ligature's glyph ("ﬁ", "ﻷ") and stops there: compared
	# in NFKC, the text it gives must start /cv's heading
	got=$(paste -d'\t' <(printf '%s\n' "$want") "$BB_TMP/heads" | "$PY" -c '
import sys, unicodedata
def flat(s):
    s = unicodedata.normalize("NFKC", s)
    return "".join(c for c in s if not c.isspace() and c != "-")
for line in sys.stdin.read().splitlines():
    w, _, g = line.partition("\t")
    if not g or not flat(w).startswith(flat(g)):
        print("%s / %s; " % (w, g), end="")')
	expect_equal 'headings unlike /cv (wanted / found)' '' "$got"

	t "$pre/cv.pdf ($lang): qpdf --check is clean; pdftotext gives the H2s in /cv's order"
	run_cmd qpdf --check "$f"
	expect_exit 0
	expect_stdout_match 'No syntax or stream encoding errors found'
	expect_equal 'qpdf warnings' '' "$(grep -i 'warning' "$BB_TMP/stdout" "$BB_TMP/stderr")"
	pdftotext -enc UTF-8 "$f" - | flat >"$BB_TMP/text"
	got=$(sed -n 's/^## //p' "$BB_TMP/cv-$lang.md" | "$PY" -c '
import sys
text = open(sys.argv[1], encoding="utf-8").read()
at = 0
for h in sys.stdin.read().splitlines():
    k = "".join(h.split()).replace("-", "").replace("\u00a0", "").replace("\u202f", "")
    i = text.find(k, at)
    if i < 0:
        print("%s (not after the one before)" % h)
    else:
        at = i + len(k)' "$BB_TMP/text")
	expect_equal 'headings out of order or missing' '' "$got"
}

PORTRAIT_SIDE=right	# the demo's site.json has "cv_portrait": true
check_tags es ''
check_tags en /en
PORTRAIT_SIDE=

# A Japanese and an Arabic site, imported as tests/site/run imports them,
# each on a private stack in this run's own port range (bb_private_stack
# counts from $BASE, which the first one moves).
base0=$BASE
off=910
for code in ja ar; do
	site=$BB_TMP/site-$code
	rm -rf "$site"
	t "a $code site imported from tests/fixtures/scripts/$code.resume.json"
	run_cmd "$PERFIL_BIN" --init "$site" --from-resume \
		"$STACK_ROOT/tests/fixtures/scripts/$code.resume.json" --languages "$code" \
		--labels "$STACK_ROOT/labels"
	expect_exit 0
	PORTRAIT_SIDE=
	if [[ $code == ar ]]; then	# a JPEG portrait, asked for
		PORTRAIT_SIDE=left
		mkdir -p "$site/media"
		pdftoppm -jpeg -r 20 -singlefile "$BB_TMP/cv-es.pdf" "$site/media/portrait"
		jq '.image = "media/portrait.jpg"' "$site/profile.json" >"$BB_TMP/p.json" &&
			mv "$BB_TMP/p.json" "$site/profile.json"
		jq '.cv_portrait = true' "$site/site.json" >"$BB_TMP/s.json" &&
			mv "$BB_TMP/s.json" "$site/site.json"
	fi
	chmod -R a+rX "$site"
	stack_stop
	export PERFIL_CONTENT=$site
	CONTENT=$site
	export BB_OWN_DOCUMENT=1
	BASE=$base0
	bb_private_stack $((off++)) "serving the $code site"
	check_tags "$code" ''
	PORTRAIT_SIDE=
done

# A Japanese owner of two résumés (tests/fixtures/owners/ja.json and
# ja.en.json) whose Japanese one gives a project and a paper by their
# English titles, as a researcher who publishes in English does: in the
# Japanese PDF those words, and only those, are an element with /Lang (en)
# (the project's title a Link, the paper's a Span of its paragraph); the
# English PDF has no element in another language.
fx=$STACK_ROOT/tests/fixtures/owners
pub='{"name": "Measuring Bias in Japanese Text Models", "publisher": "ACL", "releaseDate": "2022-05"}'
title=$(jq -r '.projects[0].name' "$fx/ja.en.json")
jq --argjson p "$pub" --arg t "$title" '.projects[0].name = $t | .publications = [$p]' \
	"$fx/ja.json" >"$BB_TMP/ja.json"
jq --argjson p "$pub" '.publications = [$p]' "$fx/ja.en.json" >"$BB_TMP/ja.en.json"
site=$BB_TMP/site-ja-en
rm -rf "$site"
t 'a ja and en owner whose ja résumé gives two titles in English'
run_cmd "$PERFIL_BIN" --init "$site" --from-resume "ja=$BB_TMP/ja.json" \
	--from-resume "en=$BB_TMP/ja.en.json" --labels "$STACK_ROOT/labels"
expect_exit 0
expect_equal 'the titles as the ja résumé gives them' "$title|$(jq -r .name <<<"$pub")" \
	"$(jq -r '.[0].title.ja' "$site/projects.json")|$(jq -r '.[0].title.ja' "$site/publications.json")"
chmod -R a+rX "$site"
stack_stop
export PERFIL_CONTENT=$site
CONTENT=$site
BASE=$base0
bb_private_stack $((off++)) 'serving the ja and en owner'
LANGS_WANT=$(printf 'en\t%s\nen\t%s' "$title" "$(jq -r .name <<<"$pub")")
check_tags ja ''
LANGS_WANT=
check_tags en /en
