# SPDX-License-Identifier: GPL-2.0
#
# lines.jq - a JSON document as committed under results/ (snapshot.sh):
# an array one element a line, an object one member a line, each compact.
# The same value as the report's indented output (jq -S . of both agree)
# without the indentation's bytes: a results/ snapshot keeps its
# summaries readable line by line within its size budget.
# Use: jq -r -f lines.jq FILE
def member: "\(.key | tojson): \(.value | tojson)";
if type == "array" and length > 0 then
	"[", (.[:-1][] | tojson + ","), (.[-1] | tojson), "]"
elif type == "object" and length > 0 then
	"{", (to_entries | (.[:-1][] | member + ","), (.[-1] | member)), "}"
else tojson end
