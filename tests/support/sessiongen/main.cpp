// vw_session_gen STAGES OUT: writes the many-stage session of tests/support/manystagesession.h
// (one op, small histograms, one series row per stage) to OUT, for bench/largesession.sh
// (1,000,000 stages: about 187 MB). Not a test.
#include "manystagesession.h"

#include "session/sessionio.h"

#include <cstdio>
#include <cstdlib>

int main(int argc, char **argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: vw_session_gen STAGES OUT\n");
        return 2;
    }
    const int stages = std::atoi(argv[1]);
    if (stages <= 0) {
        std::fprintf(stderr, "vw_session_gen: STAGES must be > 0\n");
        return 2;
    }
    QString error;
    if (!vw::writeSession(vw::test::manyStageSession(stages), QString::fromLocal8Bit(argv[2]),
                          &error)) {
        std::fprintf(stderr, "vw_session_gen: %s\n", qPrintable(error));
        return 1;
    }
    return 0;
}
