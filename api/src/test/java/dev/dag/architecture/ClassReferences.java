package dev.dag.architecture;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes a compiled class refers to, read from its constant pool: class constants (what its code
 * calls, creates, casts to) and the types in its descriptors and signatures. Nothing is loaded.
 */
final class ClassReferences {
    private static final Pattern TYPE_IN_DESCRIPTOR = Pattern.compile("L([\\w/$]+)[;<]");

    private ClassReferences() {
    }

    /** The binary names ({@code dev.dag.Table}) of the classes {@code classFile} refers to. */
    static Set<String> of(Path classFile) throws IOException {
        return read(classFile, false);
    }

    /**
     * The names of the methods and fields {@code classFile} refers to or declares (with every other text constant
     * of its constant pool): a class that calls {@code Connection.rollback} holds {@code rollback}.
     */
    static Set<String> memberNames(Path classFile) throws IOException {
        return read(classFile, true);
    }

    private static Set<String> read(Path classFile, boolean texts) throws IOException {
        try (InputStream in = Files.newInputStream(classFile)) {
            return read(new DataInputStream(in), texts);
        }
    }

    private static Set<String> read(DataInputStream in, boolean texts) throws IOException {
        in.readInt(); // magic
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        List<Integer> classNameIndexes = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1 -> utf8[i] = in.readUTF();
                case 7 -> classNameIndexes.add(in.readUnsignedShort());
                case 8, 16, 19, 20 -> in.skipNBytes(2);
                case 15 -> in.skipNBytes(3);
                case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipNBytes(4);
                case 5, 6 -> {
                    in.skipNBytes(8);
                    i++; // longs and doubles take two entries
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        Set<String> names = new TreeSet<>();
        if (texts) {
            for (String text : utf8) {
                if (text != null) {
                    names.add(text);
                }
            }
            return names;
        }
        for (int index : classNameIndexes) {
            String name = utf8[index];
            names.add(binaryName(name.startsWith("[") ? elementType(name) : name));
        }
        for (String text : utf8) {
            if (text != null) {
                Matcher types = TYPE_IN_DESCRIPTOR.matcher(text);
                while (types.find()) {
                    names.add(binaryName(types.group(1)));
                }
            }
        }
        names.remove("");
        return names;
    }

    private static String elementType(String arrayDescriptor) {
        Matcher type = TYPE_IN_DESCRIPTOR.matcher(arrayDescriptor);
        return type.find() ? type.group(1) : "";
    }

    private static String binaryName(String internalName) {
        return internalName.replace('/', '.');
    }
}
