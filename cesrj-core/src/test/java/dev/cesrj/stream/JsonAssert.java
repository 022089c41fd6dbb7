package dev.cesrj.stream;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.Map;
import java.util.TreeSet;

import org.opentest4j.AssertionFailedError;

/**
 * Strict comparison of two JSON trees that names the first path where they differ: objects must
 * have exactly the same keys, arrays the same length, numbers the same integral value (whatever
 * Jackson node type holds them), text and booleans the same value, null only against null.
 */
public final class JsonAssert {
    private JsonAssert() {
    }

    /** Fails with the JSON path and both values at the first difference. */
    public static void assertSame(JsonNode expected, JsonNode actual, String path) {
        if (expected.isObject()) {
            if (!actual.isObject()) {
                fail(path, "an object", expected, actual);
            }
            TreeSet<String> missing = new TreeSet<>();
            expected.fieldNames().forEachRemaining(missing::add);
            TreeSet<String> extra = new TreeSet<>();
            actual.fieldNames().forEachRemaining(extra::add);
            TreeSet<String> both = new TreeSet<>(missing);
            both.retainAll(extra);
            missing.removeAll(both);
            extra.removeAll(both);
            if (!missing.isEmpty() || !extra.isEmpty()) {
                throw new AssertionFailedError(path + ": keys differ; only expected " + missing
                        + ", only actual " + extra, expected.toString(), actual.toString());
            }
            for (Map.Entry<String, JsonNode> e : expected.properties()) {
                assertSame(e.getValue(), actual.get(e.getKey()), path + "." + e.getKey());
            }
        } else if (expected.isArray()) {
            if (!actual.isArray()) {
                fail(path, "an array", expected, actual);
            }
            if (expected.size() != actual.size()) {
                throw new AssertionFailedError(path + ": " + expected.size() + " elements expected, "
                        + actual.size() + " found", expected.toString(), actual.toString());
            }
            for (int i = 0; i < expected.size(); i++) {
                assertSame(expected.get(i), actual.get(i), path + "[" + i + "]");
            }
        } else if (expected.isIntegralNumber()) {
            if (!actual.isIntegralNumber() || expected.longValue() != actual.longValue()) {
                fail(path, "the number " + expected, expected, actual);
            }
        } else if (expected.isTextual()) {
            if (!actual.isTextual() || !expected.textValue().equals(actual.textValue())) {
                fail(path, "the text " + expected, expected, actual);
            }
        } else if (expected.isNull()) {
            if (!actual.isNull()) {
                fail(path, "null", expected, actual);
            }
        } else if (expected.isBoolean()) {
            if (!actual.isBoolean() || expected.booleanValue() != actual.booleanValue()) {
                fail(path, "the boolean " + expected, expected, actual);
            }
        } else {
            throw new IllegalArgumentException(path + ": unsupported JSON node " + expected.getNodeType());
        }
    }

    private static void fail(String path, String what, JsonNode expected, JsonNode actual) {
        throw new AssertionFailedError(path + ": expected " + what + " but was " + actual,
                expected.toString(), actual.toString());
    }
}
