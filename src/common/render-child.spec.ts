import { execFileSync } from 'node:child_process';
import { ChildProcessCount } from './child-process-count';
import { renderChild } from './render-child';

describe('renderChild', () => {
  it('runs the command under setpriv with the parent-death signal, counted for the task', async () => {
    const count = new ChildProcessCount();
    const command = await count.run(async () => renderChild('/usr/bin/ffmpeg', ['-i', 'in.mp4']));
    expect(command).toEqual({ file: '/usr/bin/setpriv', args: ['--pdeathsig', 'KILL', '--', '/usr/bin/ffmpeg', '-i', 'in.mp4'] });
    expect(count.started).toBe(1);
  });

  it('gives a command line that runs the command itself, its output unchanged', () => {
    const command = renderChild('/bin/echo', ['bound', 'to its parent']);
    expect(execFileSync(command.file, command.args, { encoding: 'utf8' })).toBe('bound to its parent\n');
  });
});
