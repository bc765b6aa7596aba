package dev.dag.internal.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RetiredWatchTest {

    @Test
    void aProcessThatSeesEveryRunLooksFirstThenOnlyAfterAPublishRetiredSome() {
        RetiredWatch watch = new RetiredWatch(true);
        assertTrue(watch.mayHoldSome(), "an earlier process may have left some");

        watch.noneLeftAsOf(watch.mark());
        assertFalse(watch.mayHoldSome());

        watch.retired();
        assertTrue(watch.mayHoldSome());
    }

    @Test
    void aLookThatStartedBeforeAPublishRetiredSomeDoesNotClearIt() {
        RetiredWatch watch = new RetiredWatch(true);
        long lookStarted = watch.mark();
        watch.retired(); // committed while the look ran: it may not have seen them

        watch.noneLeftAsOf(lookStarted);

        assertTrue(watch.mayHoldSome());
        watch.noneLeftAsOf(watch.mark());
        assertFalse(watch.mayHoldSome());
    }

    @Test
    void whereRunsOfOtherProcessesMayRetireSomeEveryRunLooks() {
        RetiredWatch watch = new RetiredWatch(false);
        watch.noneLeftAsOf(watch.mark());

        assertTrue(watch.mayHoldSome());
    }
}
