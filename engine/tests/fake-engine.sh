#!/bin/sh
# A scripted UCI engine for the driver's tests: deterministic answers, and each way a real
# engine fails, chosen by environment variables (RANK: White's back rank, as in the FEN):
#   FAKE_SLOW_START=S    sleep S seconds before answering `uci`
#   FAKE_NO_UCIOK=1      never answer `uciok`
#   FAKE_CRASH_AT=N      exit on this process's N-th `go`
#   FAKE_CRASH_ON=RANK   exit on every `go` from RANK
#   FAKE_HANG_ON=RANK    never answer again (not even `stop`) after `go` from RANK
#   FAKE_SLOW_ON=RANK    search from RANK until `stop`
#   FAKE_ILLEGAL_ON=RANK answer a move no start allows
#   FAKE_GARBAGE_ON=RANK print an `info` line UCI cannot read
#   FAKE_NO_WDL=1        offer no UCI_ShowWDL
#   FAKE_SLEEP=S         take S seconds over every search
#   FAKE_STDERR=TEXT     write TEXT to stderr when started
#   FAKE_DEAF=1          read nothing after `uciok` (its input pipe fills up)
#   FAKE_NO_CHESS960=1   offer no UCI_Chess960
#   FAKE_PID_DIR=DIR     write this process's pid to a file in DIR when started
#   FAKE_ONCE=FILE       start only if FILE does not exist (and make it); else as FAKE_NO_UCIOK
# It always prints lines UCI does not know, which a driver must pass over.
gos=0
rank=""
wdl=""
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
        [ -z "$FAKE_NO_UCIOK" ] && echo "uciok"
        [ -n "$FAKE_DEAF" ] && exec sleep 600
        ;;
    "setoption name UCI_ShowWDL value true") wdl=1 ;;
    isready) echo "readyok" ;;
    "position fen "*)
        placement=${line#position fen }
        placement=${placement%% *}
        rank=$(printf '%s' "${placement##*/}" | sed 's/[0-9]//g')
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
        sum=$(printf '%s' "$line $placement" | cksum | cut -d ' ' -f 1)
        cp=$((sum % 101 - 50))
        draw=$((500 + sum % 401))
        win=$(((1000 - draw) / 2))
        loss=$((1000 - draw - win))
        files="abcdefgh"
        file=$(printf '%s' "$files" | cut -c $((sum % 8 + 1)))
        echo "copyprotection ok"
        echo "info string searching $rank"
        [ "$rank" = "$FAKE_GARBAGE_ON" ] && echo "info depth x score cp 1"
        if [ -n "$wdl" ]; then
            echo "info depth 7 seldepth 9 multipv 1 score cp $cp wdl $win $draw $loss nodes 1000 nps 100000 time 10 pv ${file}2${file}3"
        else
            echo "info depth 7 seldepth 9 multipv 1 score cp $cp nodes 1000 nps 100000 time 10 pv ${file}2${file}3"
        fi
        echo "info depth 7 currmove ${file}2${file}3 currmovenumber 1"
        if [ "$rank" = "$FAKE_ILLEGAL_ON" ]; then
            echo "bestmove ${file}2${file}5"
        else
            echo "bestmove ${file}2${file}3 ponder a7a6"
        fi
        ;;
    quit) exit 0 ;;
    esac
done
