package dev.dag.internal.cache.code;

import dev.dag.internal.cache.code.Parts.Reached;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** Says in words what changed between two code fingerprints ({@link CodeFingerprint#changeSince}). */
final class ChangeReasons {
    /** Longer paths show the task, an ellipsis and the last steps. */
    private static final int MAX_PATH = 5;

    private ChangeReasons() {
    }

    static String between(CodeFingerprint previous, CodeFingerprint current) {
        if (previous == null) {
            return "no code fingerprint before";
        }
        if (previous.hash().equals(current.hash())) {
            return "";
        }
        String changed = firstChanged(previous, current);
        if (changed != null) {
            return changed;
        }
        String gone = firstChanged(current, previous);
        if (gone != null) {
            return "no longer reached: " + gone;
        }
        TreeSet<String> keys = new TreeSet<>(previous.parts().keySet());
        keys.addAll(current.parts().keySet());
        for (String key : keys) {
            String before = previous.parts().get(key);
            String after = current.parts().get(key);
            if (Parts.isReached(key) || Objects.equals(before, after)) {
                continue;
            }
            if (key.startsWith(Parts.LIB)) {
                String name = key.substring(Parts.LIB.length());
                return before == null ? "library " + name + " now used"
                        : after == null ? "library " + name + " no longer used"
                        : "library " + name + " changed (" + before + " → " + after + ")";
            }
            return key + (before == null ? " added" : after == null ? " removed" : " changed");
        }
        return "code changed";
    }

    /**
     * The first entry (by walk order) of {@code now} whose hash differs from, or is absent in, {@code then}: its
     * path from the task and its source file; null if none.
     */
    private static String firstChanged(CodeFingerprint then, CodeFingerprint now) {
        Map<Integer, String> byOrder = new HashMap<>();
        Map<String, Reached> reached = new HashMap<>();
        now.parts().forEach((key, value) -> {
            Reached decoded = Parts.isReached(key) ? Reached.decode(value) : null;
            if (decoded != null) {
                byOrder.put(decoded.order(), key);
                reached.put(key, decoded);
            }
        });
        String first = null;
        for (Map.Entry<String, Reached> entry : reached.entrySet()) {
            String key = entry.getKey();
            String before = then.parts().get(key);
            boolean differs = before == null || !Parts.hashed(key, before).equals(entry.getValue().hash());
            if (differs && (first == null || entry.getValue().order() < reached.get(first).order())) {
                first = key;
            }
        }
        if (first == null) {
            return null;
        }
        List<String> path = new ArrayList<>();
        String step = first;
        while (step != null && path.size() <= reached.size()) {
            path.add(display(step));
            step = byOrder.get(reached.get(step).parent());
        }
        Collections.reverse(path);
        if (path.size() > MAX_PATH) {
            List<String> shown = new ArrayList<>(path.subList(0, 1));
            shown.add("…");
            shown.addAll(path.subList(path.size() - (MAX_PATH - 2), path.size()));
            path = shown;
        }
        StringBuilder reason = new StringBuilder(String.join(" → ", path)).append(" (")
                .append(reached.get(first).sourceFile());
        if (first.startsWith(Parts.FIELD)) {
            reason.append(", value of a static final field");
        }
        if (!then.parts().containsKey(first)) {
            reason.append(", newly reached");
        }
        return reason.append(')').toString();
    }

    /** "CleanTasks.orders" for a method key, "Columns.COLS" for a field key. */
    static String display(String key) {
        String member = key.startsWith(Parts.FIELD) ? key.substring(Parts.FIELD.length()) : key;
        int paren = member.indexOf('(');
        if (paren >= 0) {
            member = member.substring(0, paren);
        }
        int dot = member.lastIndexOf('.');
        String className = dot < 0 ? "" : member.substring(0, dot);
        String name = dot < 0 ? member : member.substring(dot + 1);
        String simple = className.substring(className.lastIndexOf('.') + 1).replaceAll("@\\d+", "")
                .replaceAll("\\$#(?=[A-Za-z_])", "\\$").replace("$#", "$anonymous");
        if (name.equals("<init>")) {
            name = "new";
        } else if (name.equals("<clinit>")) {
            name = "static initializer";
        } else if (name.startsWith("lambda$")) {
            String[] pieces = name.split("\\$");
            name = pieces.length > 1 ? "lambda in " + pieces[1] : "lambda";
        }
        return simple.isEmpty() ? name : simple + "." + name;
    }
}
