/**
 * The {@code cesrj inspect} command-line tool: shows what a CESR stream holds as an indented
 * tree, as JSON in the schema of the corpus's {@code .expected.json} files, or as annotated CESR
 * text ({@code denot} gives the input bytes back), and with {@code --verify} the verdict of
 * keripy's key-event rules on each message. Artifact {@code cesrj-cli}, a runnable jar with
 * its dependencies inside: a tool, not API. Entry point: {@link dev.cesrj.cli.Main}.
 *
 * <p>Dependencies: the exported packages but {@code dev.cesrj.netty}: {@code dev.cesrj}, {@code
 * code}, {@code primitive}, {@code group}, {@code stream} and {@code batch}; from cesrj-keri,
 * {@code dev.cesrj.keri.body} (the body readers) and {@code dev.cesrj.keri.kever} ({@code inspect
 * --verify}); not {@code dev.cesrj.internal}, so that the tool reads streams as any user of the
 * library does.
 */
package dev.cesrj.cli;
