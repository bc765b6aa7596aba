package dev.dag.it.support;

/**
 * Turns an instance's metadata into what an earlier dag left, rows kept: format 4 (no indexes), format 3 (a row per
 * cache entry in {@code tasks}, a row per commit in {@code stage_commits}, reports in {@code run_reports}), format 2
 * (the same shape; its times are taken to be the JVM's wall-clock time) or format 1 (no {@code retired_while}, no
 * table of reports), with the statements of dag-api's own upgrade tests.
 */
public final class OldFormats {
    private OldFormats() {
    }

    /** Rewrites the metadata of {@code db} as format {@code version} (1 to 4). */
    public static void downgrade(TestDatabase db, int version) {
        String meta = db.schema(db.config().metadataSchema());
        db.execute(dev.dag.internal.store.meta.OldFormats.downgrade(meta, version).toArray(String[]::new));
    }
}
