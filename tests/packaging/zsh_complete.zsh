# Drives zsh's completion system in a pseudo-terminal and prints the matches it offers for a line,
# one per line (zsh_completion_test.sh). Matches are caught by wrapping compadd, as they are added.
#   zsh -f zsh_complete.zsh COMPLETION_FOLDER 'arenascope plan --board '
# SPDX-License-Identifier: GPL-3.0-or-later
zmodload zsh/zpty || exit 3
folder=$1 line=$2

zpty completion zsh -f -i
zpty -w completion "PS1= RPS1= PROMPT_EOL_MARK= ; unsetopt zle_bell ; fpath=(${(q)folder} \$fpath)"
zpty -w completion 'autoload -Uz compinit && compinit -u -D'
zpty -w completion 'zstyle ":completion:*" list-grouped false; bindkey "^I" complete-word'
# Every match compadd adds (not the -O/-A/-D calls that only fill an array) as <<M>>word lines,
# then <<END>> when the completion is over.
zpty -w completion 'compadd() {
  local a
  for a in "$@"; do
    [[ $a == -- ]] && break
    [[ $a == -[OAD]* ]] && { builtin compadd "$@"; return }
  done
  local -a hits
  builtin compadd -A hits "$@"
  (( $#hits )) && print -rl -- "<<M>>"${^hits} >/dev/tty
  builtin compadd "$@"
}'
zpty -w completion '_arenascope_test_end() { print -r -- "<<END>>" >/dev/tty }; comppostfuncs=(_arenascope_test_end)'
zpty -w completion 'print -r -- "<<READY>>"'
zpty -n -w completion "$line"$'\t'

integer deadline=$(( SECONDS + 15 ))
local out ready=0
while (( SECONDS < deadline )); do
    if ! zpty -rt completion out; then
        sleep 0.05
        continue
    fi
    out=${out//$'\r'/}
    if [[ $out == *'<<READY>>'* && $out != *print* ]]; then
        ready=1
    elif (( ready )) && [[ $out == *'<<END>>'* ]]; then
        zpty -d completion
        exit 0
    elif (( ready )) && [[ $out == *'<<M>>'* ]]; then
        print -r -- "${out#*<<M>>}"
    fi
done
zpty -d completion
print -u2 "no completion within 15 s"
exit 2
