#!/bin/sh
# A scripted UCI engine for the driver's tests: deterministic answers, and each way a real
# engine fails, chosen by environment variables (RANK: White's back rank, as in the FEN):
#   FAKE_SLOW_START=S    sleep S seconds before answering `uci`
#   FAKE_NO_UCIOK=1      never answer `uciok`
#   FAKE_CRASH_AT=N      exit on this process's N-th `go`
#   FAKE_CRASH_ON=RANK   exit on every `go` from RANK
#   FAKE_HANG_ON=RANK    never answer again (not even `stop`) after `go` from RANK
#   FAKE_SLOW_ON=RANK    search from RANK until `stop`
#   FAKE_ILLEGAL_ON=RANK answer a move no start allows (and, once MultiPV is set, begin line
#                        1's pv with it)
#   FAKE_GARBAGE_ON=RANK print an `info` line UCI cannot read
#   FAKE_NO_WDL=1        offer no UCI_ShowWDL
#   FAKE_SLEEP=S         take S seconds over every search
#   FAKE_STDERR=TEXT     write TEXT to stderr when started
#   FAKE_DEAF=1          read nothing after `uciok` (its input pipe fills up)
#   FAKE_NO_CHESS960=1   offer no UCI_Chess960
#   FAKE_PID_DIR=DIR     write this process's pid to a file in DIR when started
#   FAKE_ONCE=FILE       start only if FILE does not exist (and make it); else as FAKE_NO_UCIOK
#   FAKE_NO_MULTIPV=1    offer no MultiPV
#   setoption name MultiPV value N: print N lines (`multipv 1..N`) a search, not one
# Its moves are single steps of the side to move's pawns (the FEN's second field says whose),
# of the files where a pawn stands on its own second rank with the square ahead empty: the
# first such file from the one the checksum picks (in a start, that file), then the next for
# each further line (fewer lines if fewer files); each line scores 10 centipawns less and its
# win 1 per mille less (its loss 1 more) than the one before. Until MultiPV is set, a search
# prints one line.
# It always prints lines UCI does not know, which a driver must pass over.
gos=0
rank=""
wdl=""
side="w"
multipv=""
# `squares RANK`: RANK of a FEN's placement, a character a square ('.' empty), in $squares.
squares() {
    rest=$1
    squares=""
    while [ -n "$rest" ]; do
        c=${rest%"${rest#?}"}
        rest=${rest#?}
        case "$c" in
        [1-8])
            run=$c
            while [ "$run" -gt 0 ]; do
                squares="$squares."
                run=$((run - 1))
            done
            ;;
        *) squares="$squares$c" ;;
        esac
    done
}
[ -n "$FAKE_PID_DIR" ] && echo $$ > "$FAKE_PID_DIR/$$"
[ -n "$FAKE_STDERR" ] && echo "$FAKE_STDERR" >&2
if [ -n "$FAKE_ONCE" ]; then
    [ -e "$FAKE_ONCE" ] && FAKE_NO_UCIOK=1
    : > "$FAKE_ONCE"
fi
[ -n "$FAKE_SLOW_START" ] && sleep "$FAKE_SLOW_START"
while IFS= read -r line; do
    case "$line" in
    uci)
        echo "Fake engine, a banner line"
        echo "id name Fake Engine 1.0"
        echo "id author the chess960 tests"
        echo "option name Hash type spin default 16 min 1 max 1024"
        echo "option name Threads type spin default 1 min 1 max 8"
        [ -z "$FAKE_NO_CHESS960" ] && echo "option name UCI_Chess960 type check default false"
        [ -z "$FAKE_NO_WDL" ] && echo "option name UCI_ShowWDL type check default false"
        [ -z "$FAKE_NO_MULTIPV" ] && echo "option name MultiPV type spin default 1 min 1 max 500"
        [ -z "$FAKE_NO_UCIOK" ] && echo "uciok"
        [ -n "$FAKE_DEAF" ] && exec sleep 600
        ;;
    "setoption name UCI_ShowWDL value true") wdl=1 ;;
    "setoption name MultiPV value "*) multipv=${line#setoption name MultiPV value } ;;
    isready) echo "readyok" ;;
    "position fen "*)
        placement=${line#position fen }
        side=${placement#* }
        side=${side%% *}
        placement=${placement%% *}
        # White's back rank, its digits left out (no process started: a search per line).
        rest=${placement##*/}
        rank=""
        while [ -n "$rest" ]; do
            c=${rest%"${rest#?}"}
            rest=${rest#?}
            case "$c" in [0-9]) ;; *) rank="$rank$c" ;; esac
        done
        ;;
    go*)
        gos=$((gos + 1))
        [ "$gos" = "$FAKE_CRASH_AT" ] && exit 3
        [ "$rank" = "$FAKE_CRASH_ON" ] && exit 4
        [ "$rank" = "$FAKE_HANG_ON" ] && exec sleep 600
        [ -n "$FAKE_SLEEP" ] && sleep "$FAKE_SLEEP"
        if [ "$rank" = "$FAKE_SLOW_ON" ]; then
            while IFS= read -r stop && [ "$stop" != stop ]; do :; done
        fi
        sum=$(printf '%s' "$line $placement" | cksum)
        sum=${sum%% *}
        cp=$((sum % 101 - 50))
        draw=$((500 + sum % 401))
        win=$(((1000 - draw) / 2))
        loss=$((1000 - draw - win))
        files="abcdefgh"
        # The checksum's file: the letter at sum % 8 in $files.
        file=$files
        skip=$((sum % 8))
        while [ "$skip" -gt 0 ]; do
            file=${file#?}
            skip=$((skip - 1))
        done
        file=${file%"${file#?}"}
        # The files whose pawn of the side to move can step ahead: from the checksum's on,
        # then from a.
        old_ifs=$IFS
        IFS=/
        # shellcheck disable=SC2086 # the placement's ranks, 8 to 1, in $1 to $8
        set -- $placement
        IFS=$old_ifs
        if [ "$side" = b ]; then
            pawn=p from=7 to=6 bad=4 ponder=a2a3
            squares "$2"
            pawns=$squares
            squares "$3"
            empty=$squares
        else
            pawn=P from=2 to=3 bad=5 ponder=a7a6
            squares "$7"
            pawns=$squares
            squares "$6"
            empty=$squares
        fi
        at=0 names=$files after="" before=""
        while [ -n "$names" ]; do
            name=${names%"${names#?}"}
            names=${names#?}
            p=${pawns%"${pawns#?}"}
            pawns=${pawns#?}
            e=${empty%"${empty#?}"}
            empty=${empty#?}
            if [ "$p" = "$pawn" ] && [ "$e" = . ]; then
                if [ "$at" -ge $((sum % 8)) ]; then after="$after$name"; else before="$before$name"; fi
            fi
            at=$((at + 1))
        done
        order="$after$before"
        [ -z "$order" ] && order=$file
        best=${order%"${order#?}"}
        echo "copyprotection ok"
        echo "info string searching $rank"
        [ "$rank" = "$FAKE_GARBAGE_ON" ] && echo "info depth x score cp 1"
        n=1
        while [ "$n" -le "${multipv:-1}" ] && [ -n "$order" ]; do
            f=${order%"${order#?}"}
            order=${order#?}
            move="${f}${from}${f}${to}"
            if [ "$n" = 1 ] && [ -n "$multipv" ] && [ "$rank" = "$FAKE_ILLEGAL_ON" ]; then
                move="${f}${from}${f}${bad}"
            fi
            line_cp=$((cp - 10 * (n - 1)))
            if [ -n "$wdl" ]; then
                echo "info depth 7 seldepth 9 multipv $n score cp $line_cp wdl $((win - n + 1)) $draw $((loss + n - 1)) nodes 1000 nps 100000 time 10 pv $move"
            else
                echo "info depth 7 seldepth 9 multipv $n score cp $line_cp nodes 1000 nps 100000 time 10 pv $move"
            fi
            n=$((n + 1))
        done
        echo "info depth 7 currmove ${best}${from}${best}${to} currmovenumber 1"
        if [ "$rank" = "$FAKE_ILLEGAL_ON" ]; then
            echo "bestmove ${best}${from}${best}${bad}"
        else
            echo "bestmove ${best}${from}${best}${to} ponder $ponder"
        fi
        ;;
    quit) exit 0 ;;
    esac
done
