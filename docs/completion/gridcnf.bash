# bash completion for gridcnf; written by 'gridcnf --generate complete-bash'
_gridcnf() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    COMPREPLY=($(compgen -W "solve count check hint steps explain minimize unique-fix generate rate cnf decode certify convert render genres help" -- "$cur"))
    return
  fi
  case $prev in
    --genre) COMPREPLY=($(compgen -W "futoshiki skyscrapers starbattle" -- "$cur")); return ;;
    --format|--to) COMPREPLY=($(compgen -W "auto json text pylists dzn tatham puzzlink sbn codewars futoshikiorg asp lp" -- "$cur")); return ;;
    --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
    --out-dir) COMPREPLY=($(compgen -d -- "$cur")); return ;;
  esac
  local opts
  case ${COMP_WORDS[1]} in
    solve) opts=" --json --first --count --timeout --total-timeout --jobs -j --max-vars --max-clauses --genre --format --id --external --via --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    count) opts=" --json --max --all --list --timeout --total-timeout --max-vars --max-clauses --genre --format --id --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    check) opts=" --json --timeout --max-vars --max-clauses --genre --format --id --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    hint) opts=" --json --timeout --max-vars --max-clauses --genre --format --id --grid --forced --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    steps) opts=" --json --timeout --max-vars --max-clauses --genre --format --id --grid --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    explain) opts=" --json --timeout --max-vars --max-clauses --genre --format --id --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    minimize|minimise) opts=" --json --timeout --jobs -j --max-vars --max-clauses --genre --format --id --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    unique-fix) opts=" --json --timeout --max-vars --max-clauses --genre --format --id --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    generate) opts=" --json --timeout --jobs -j --max-vars --max-clauses --size --stars --boxes --seed --number --tries --start --distinct --difficulty --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    rate) opts=" --json --timeout --jobs -j --max-vars --max-clauses --genre --format --id --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    cnf|dimacs) opts=" --timeout --max-vars --max-clauses --genre --format --id --output -o --block-solution --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    decode) opts=" --json --genre --format --id --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    certify) opts=" --json --timeout --max-vars --max-clauses --genre --format --id --out-dir --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    convert) opts=" --genre --format --id --to --color --help" ;;
    render) opts=" --timeout --max-vars --max-clauses --genre --format --id --output -o --out-dir --svg --png --pdf --solution --step --color --amo --edge-units --sky-rise --preprocess --sb-window --sb-pairs --sb-bands --sb-blocks --card --phase --search --simplify --probe --portfolio --help" ;;
    genres) opts=" --json --color --help" ;;
    help) COMPREPLY=($(compgen -W "solve count check hint steps explain minimize unique-fix generate rate cnf decode certify convert render genres encoding formats exit-codes" -- "$cur")); return ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o filenames -F _gridcnf gridcnf
