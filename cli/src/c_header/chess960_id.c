/* The Scharnagl id of an 8-letter back rank (K Q R B N, each letter in either case), or -1
 * for anything else: NULL, another length, another letter, or an arrangement that is not a
 * Chess960 start. The id is computed from where the bishops, the queen and the knights stand
 * (id = light + 4 * (dark + 4 * (queen + 6 * knights))), then confirmed against
 * chess960_back_ranks, so a rank is accepted exactly when it is one of the 960. */
#if defined(__GNUC__)
__attribute__((unused)) static int chess960_id(const char *rank);
#endif
static int chess960_id(const char *rank)
{
    /* The knights' code for their places (first, second) among the five squares left. */
    static const signed char knights_code[5][5] = {
        {-1, 0, 1, 2, 3},
        {-1, -1, 4, 5, 6},
        {-1, -1, -1, 7, 8},
        {-1, -1, -1, -1, 9},
        {-1, -1, -1, -1, -1},
    };
    char upper[8];
    int file, light = -1, dark = -1, queen = -1, free_squares = 0, left = 0;
    int knights[2] = {-1, -1}, found = 0, id;

    if (!rank) {
        return -1;
    }
    for (file = 0; file < 8; file++) {
        char c = rank[file];
        if (c == '\0') {
            return -1;
        }
        upper[file] = (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
    }
    if (rank[8] != '\0') {
        return -1;
    }
    for (file = 0; file < 8; file++) {
        if (upper[file] != 'B') {
            continue;
        }
        /* b1, d1, f1 and h1 are light squares; a1, c1, e1 and g1 dark. */
        if (file % 2 == 1 && light < 0) {
            light = file / 2;
        } else if (file % 2 == 0 && dark < 0) {
            dark = file / 2;
        }
    }
    for (file = 0; file < 8; file++) {
        if (upper[file] == 'B') {
            continue;
        }
        if (upper[file] == 'Q' && queen < 0) {
            queen = free_squares;
            continue;
        }
        free_squares++;
        if (upper[file] == 'N' && found < 2) {
            knights[found++] = left;
        }
        left++;
    }
    if (light < 0 || dark < 0 || queen < 0 || queen > 5 || found < 2 || knights[1] > 4) {
        return -1;
    }
    id = knights_code[knights[0]][knights[1]];
    if (id < 0) {
        return -1;
    }
    id = light + 4 * (dark + 4 * (queen + 6 * id));
    for (file = 0; file < 8; file++) {
        if (upper[file] != chess960_back_ranks[id][file]) {
            return -1;
        }
    }
    return id;
}
