/**
 * The {@code cesrj inspect} command-line tool: shows what a CESR stream holds as an indented
 * tree, as JSON in the schema of the corpus's {@code .expected.json} files, or as annotated CESR
 * text ({@code denot} gives the input bytes back). Not exported by module {@code dev.cesrj}: a
 * tool, not API. Entry point: {@link dev.cesrj.cli.Main}.
 */
package dev.cesrj.cli;
