# bash completion of retromesh (installed as
# share/bash-completion/completions/retromesh): the commands, the options of
# each command, the words of `oni` and `level`, and file names, folders for
# the options that take a folder. tests/cli/install.sh checks that every
# option of `retromesh COMMAND --help` is here. The one environment variable
# (RETROMESH_NO_SYNC=1, docs/files.md) is the shell's to complete.

_retromesh_options() {
    case $1 in
        convert) echo "-o --output --saturn-axes --scale --no-weld --keep-triangles --merge-triangles
                       --skeleton --texture-dir --texture-out --embed-textures --dither --max-texture
                       --slice-textures --no-textures --strict --rebuild --max-input -q --quiet
                       -v --verbose --c-header --c-name --rigid --key-ticks --loop --once --max-polygons
                       --max-points --error --out-dir --help" ;;
        info) echo "--json --keys --extract-textures --max-input --help" ;;
        check) echo "-q --quiet --json --max-input --help" ;;
        pose) echo "--anim --time --blend --json --max-input --help" ;;
        render) echo "-o --output --size --yaw --pitch --distance --anim --time --blend --hide-bones
                      --light --background --wire --scale-up --views --gif --fps --max-frames --cd
                      --for-lights --max-input --help" ;;
        budget) echo "--cd --heap --json --strict --max-input --help" ;;
        build) echo "-o --output -j --jobs --force --json -q --quiet -v --verbose --help" ;;
        oni) echo "--tag --obj --jom --png --scale --max-input --help" ;;
        level) echo "--json --full --text --docs --header --engine-header --max-input --help" ;;
    esac
}

_retromesh() {
    local cur prev cmd i
    COMPREPLY=()
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case ${COMP_WORDS[i]} in
            -*) ;;
            *) cmd=${COMP_WORDS[i]}; break ;;
        esac
    done

    if [[ -z $cmd ]]; then
        COMPREPLY=($(compgen -W "convert info check pose render budget build oni level --help --version" -- "$cur"))
        return
    fi

    # The argument of an option: a folder, a file, or a value to type.
    case $prev in
        --texture-dir|--texture-out|--extract-textures|--cd|--obj|--jom|--png)
            COMPREPLY=($(compgen -d -- "$cur")); return ;;
        -o|--output|--skeleton|--gif|--docs|--header|--engine-header)
            COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --scale|--max-texture|--time|--blend|--size|--yaw|--pitch|--distance|--hide-bones|--light|\
        --background|--scale-up|--fps|--max-frames|--heap|--tag|--max-input|--c-name)
            return ;;
        --anim)
            return ;;
        --views)
            COMPREPLY=($(compgen -W "4" -- "$cur")); return ;;
    esac

    # The word after oni and level.
    if [[ $cmd == oni || $cmd == level ]] && [[ $prev == "$cmd" ]]; then
        if [[ $cmd == oni ]]; then
            COMPREPLY=($(compgen -W "list hash export" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "build dump check gen" -- "$cur"))
        fi
        return
    fi

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(_retromesh_options "$cmd")" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -o bashdefault -F _retromesh retromesh
