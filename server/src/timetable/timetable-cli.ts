import { runTimetableCommand } from './timetable-command'

/** `npm run timetable -- …`: the command of `timetable-command.ts` on this process's arguments, stdout and stderr. */
process.exitCode = await runTimetableCommand(process.argv.slice(2), {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (message) => process.stderr.write(`${message}\n`),
})
