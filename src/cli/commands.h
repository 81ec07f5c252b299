/* commands.h — the subcommands of the mnk binary, one file each.
 *
 * Each takes the arguments after the command name (argv[0] is the command)
 * and returns the process exit status: 0 success, 1 failure, 2 bad usage. */
#ifndef MNK_CLI_COMMANDS_H
#define MNK_CLI_COMMANDS_H


int cmd_analyze(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_engine(int argc, char **argv);
int cmd_host(int argc, char **argv);
int cmd_join(int argc, char **argv);
int cmd_levels(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_play(int argc, char **argv);
int cmd_puzzle(int argc, char **argv);
int cmd_server(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_solve(int argc, char **argv);

#endif
