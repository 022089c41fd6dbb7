package dev.cesrj.http.store;

/**
 * A {@link WatcherStore} could not open, write or read its log (disk full, file damaged, store
 * closed). The watcher answers a request whose record could not be written with an error and
 * acknowledges nothing.
 */
public final class StoreException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * An error with a cause.
   *
   * @param message what could not be done, and where
   * @param cause the underlying error, or null
   */
  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
