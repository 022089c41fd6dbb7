/**
 * A KERI watcher over HTTP: {@link dev.cesrj.http.watcher.Watcher} takes messages in keripy's
 * HTTP form (keripy {@code src/keri/app/indirecting.py} {@code HttpEnd}, {@code ReceiptEnd}),
 * verifies them ({@code KelVerifier}, {@code Revery}), keeps them in a {@link
 * dev.cesrj.http.store.WatcherStore} and serves OOBIs, receipts and KELs in keripy's forms
 * (keripy {@code src/keri/end/ending.py} {@code OOBIEnd}); {@link
 * dev.cesrj.http.watcher.WatcherServer} serves it over Netty's HTTP codec on cesrj-netty's
 * guarded pipeline. A watcher signs nothing: it is not a witness (docs/guide/watcher.md).
 *
 * <p>May depend on {@code dev.cesrj.http}, {@code dev.cesrj.http.store}, {@code
 * dev.cesrj.keri.kever}, {@code dev.cesrj.keri.reply}, {@code dev.cesrj.keri.crypto}, {@code
 * dev.cesrj.netty}, the core packages but {@code internal} and {@code batch}, and Netty.
 */
package dev.cesrj.http.watcher;
