#!/usr/bin/env bash
# The length of each position on the CV (and of the current ones on the
# home page), computed from the content's start and end and said in the
# page's language through ICU ("3 años y 11 meses", "3 years, 11 months"):
# whole years and months, the months counted inclusively (a start without a
# month is January, an end without one December). The expected words come
# from another CLDR implementation, node's Intl (NumberFormat's units with
# their long names, ListFormat of type "unit").
. "$(dirname "$0")/lib.sh"

# words LANG MONTHS: the length of MONTHS months in LANG, by node's Intl.
words() {
	node -e '
	const [l, n] = [process.argv[1], +process.argv[2]];
	const f = (u, k) => new Intl.NumberFormat(l, {style: "unit", unit: u,
		unitDisplay: "long"}).format(k);
	const parts = [];
	if (n >= 12) parts.push(f("year", Math.floor(n / 12)));
	if (n % 12) parts.push(f("month", n % 12));
	console.log(new Intl.ListFormat(l, {type: "unit", style: "long"}).format(parts));
	' "$1" "$2"
}

# months START END: the months from START to END (YYYY or YYYY-MM), both
# counted.
months() {
	awk -v s="$1" -v e="$2" 'BEGIN {
		sm = length(s) >= 7 ? substr(s, 6, 2) + 0 : 1
		em = length(e) >= 7 ? substr(e, 6, 2) + 0 : 12
		print (substr(e, 1, 4) * 12 + em) - (substr(s, 1, 4) * 12 + sm) + 1 }'
}

# Every position of the demo that has ended: a fixed length.
n=$(jq '[.[] | select(.start and .end)] | length' "$CONTENT/experience.json")
t "the demo has ended positions to measure ($n)"
expect_differ 'ended positions' 0 "$n"

for lang in es en; do
	prefix=; [[ $lang == en ]] && prefix=/en
	req GET "$prefix/cv"
	cp "$RESP_DIR/body" "$BB_TMP/cv-$lang.html"
	while IFS=$'\t' read -r slug start end; do
		org=$(jq -r --arg s "$slug" --arg l "$lang" \
			'.[] | select(.slug == $s) | .organization[$l] // .organization' \
			"$CONTENT/experience.json")
		want=$(words "$lang" "$(months "$start" "$end")")
		t "$prefix/cv: $slug ($start to $end) lasted \"$want\""
		expect_equal "the line of $org" 1 \
			"$(grep -F "<strong>$org</strong>" "$BB_TMP/cv-$lang.html" | grep -cF " · $want<")"
	done < <(jq -r '.[] | select(.start and .end) | [.slug, .start, .end] | @tsv' \
		"$CONTENT/experience.json")
done

t '/en/: the current positions (no end) under "Now", each with its length so far'
req GET /en/
expect_status 200
cur=$(jq '[.[] | select(.start and (.end | not))] | length' "$CONTENT/experience.json")
now=$(sed -n '/<h2>Now<\/h2>/,/<\/ul>/p' "$RESP_DIR/body" | grep -c '<li>')
expect_equal 'current positions listed' "$cur" "$now"
start=$(jq -r '[.[] | select(.start and (.end | not))][0].start' "$CONTENT/experience.json")
want=$(words en "$(months "$start" "$(date -u +%Y-%m)")")
expect_body_contains " · $want</li>"
