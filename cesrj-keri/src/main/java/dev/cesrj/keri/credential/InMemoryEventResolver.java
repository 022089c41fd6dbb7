package dev.cesrj.keri.credential;

import dev.cesrj.CesrException;
import dev.cesrj.keri.KeriEvents;
import dev.cesrj.keri.event.AcdcMessage;
import dev.cesrj.keri.event.KeriEvent;
import dev.cesrj.keri.event.KeyEvent;
import dev.cesrj.keri.event.ReceiptEvent;
import dev.cesrj.keri.event.TelEvent;
import dev.cesrj.stream.Message;
import dev.cesrj.stream.Messages;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An {@link EventResolver} over CESR streams held in memory (another export, a KEL an OOBI
 * resolved, a store's dump): {@link #add(byte[])} frames a stream and files each message by
 * identifier: key events and receipts by their prefix {@code i}, TEL events by their {@code i}
 * (the registry of a {@code vcp} or {@code vrt}, the credential of an {@code iss}, {@code rev},
 * {@code bis} or {@code brv}), ACDCs by their SAID {@code d}. Each lookup gives the messages filed
 * under that identifier, in the order added. Messages of no such kind (replies, exchanges) are
 * not filed. Nothing is verified here: the {@link CredentialVerifier} the messages go to verifies
 * them.
 *
 * <p>Thread-safe: streams may be added while verifiers on other threads look things up. Adds
 * are serialized; a stream's messages under one identifier are filed at once, so a lookup gives
 * them all or none (while a stream is being added, some of its identifiers may be filed and
 * others not yet).
 */
public final class InMemoryEventResolver implements EventResolver {
  private final Map<String, byte[]> kels = new ConcurrentHashMap<>();
  private final Map<String, byte[]> tels = new ConcurrentHashMap<>();
  private final Map<String, byte[]> credentials = new ConcurrentHashMap<>();

  /** Creates an empty resolver. */
  public InMemoryEventResolver() {}

  /**
   * Files every message of a stream.
   *
   * @param stream CESR messages (not kept: the bytes of each message are copied)
   * @return this resolver
   * @throws CesrException the stream's first framing error (the messages before it are filed)
   */
  public synchronized InMemoryEventResolver add(byte[] stream) {
    Map<String, byte[]> k = new LinkedHashMap<>();
    Map<String, byte[]> t = new LinkedHashMap<>();
    Map<String, byte[]> c = new LinkedHashMap<>();
    try (Messages ms = Messages.copyOf(stream)) {
      for (Message m : ms) {
        file(stream, m, k, t, c);
      }
    } finally {
      k.forEach((id, bytes) -> append(kels, id, bytes));
      t.forEach((id, bytes) -> append(tels, id, bytes));
      c.forEach((id, bytes) -> append(credentials, id, bytes));
    }
    return this;
  }

  private static void file(byte[] stream, Message m, Map<String, byte[]> kels,
      Map<String, byte[]> tels, Map<String, byte[]> credentials) {
    KeriEvent ev;
    try {
      ev = KeriEvents.of(m);
    } catch (CesrException | IllegalArgumentException e) {
      return; // not a body this resolver files
    }
    byte[] bytes = Arrays.copyOfRange(stream, Math.toIntExact(m.offset()),
        Math.toIntExact(m.offset() + m.length()));
    if (ev instanceof KeyEvent k) {
      append(kels, k.prefix(), bytes);
    } else if (ev instanceof ReceiptEvent r) {
      append(kels, r.prefix(), bytes);
    } else if (ev instanceof TelEvent t) {
      append(tels, t.prefix(), bytes);
    } else if (ev instanceof AcdcMessage a) {
      append(credentials, a.said(), bytes);
    }
  }

  private static void append(Map<String, byte[]> index, String id, byte[] bytes) {
    index.merge(id, bytes, (old, add) -> {
      ByteArrayOutputStream out = new ByteArrayOutputStream(old.length + add.length);
      out.writeBytes(old);
      out.writeBytes(add);
      return out.toByteArray();
    });
  }

  @Override
  public Optional<byte[]> kel(String prefix) {
    return Optional.ofNullable(kels.get(prefix)).map(byte[]::clone);
  }

  @Override
  public Optional<byte[]> tel(String id) {
    return Optional.ofNullable(tels.get(id)).map(byte[]::clone);
  }

  @Override
  public Optional<byte[]> credential(String said) {
    return Optional.ofNullable(credentials.get(said)).map(byte[]::clone);
  }
}
