"""`monopoly-cpc sounds --out DIR`."""

import wave

import numpy as np

from monopoly_cpc import cli, sound


def read_wav(path):
    with wave.open(str(path), "rb") as w:
        params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        data = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2")
    return params, data


def test_writes_every_sound(tmp_path, capsys):
    out = tmp_path / "wav"
    assert cli.main(["sounds", "--out", str(out)]) == 0
    names = sorted(p.stem for p in out.glob("*.wav"))
    assert names == sorted(sound.sound_names())
    assert "bell" in names and "title" in names
    params, bell = read_wav(out / "bell.wav")
    assert params == (1, 2, 44100)
    assert bell.size == 8820  # 0.2 s
    spectrum = np.abs(np.fft.rfft(bell.astype(float), 44100))
    assert abs(int(np.argmax(spectrum)) - 694) <= 2
    assert np.array_equal(bell, sound.render_sound("bell"))
    assert "wrote" in capsys.readouterr().out


def test_stereo_and_only(tmp_path):
    assert cli.main(["sounds", "--out", str(tmp_path), "--stereo", "--only", "step"]) == 0
    assert [p.name for p in tmp_path.glob("*.wav")] == ["step.wav"]
    params, _data = read_wav(tmp_path / "step.wav")
    assert params == (2, 2, 44100)


def test_bad_input_is_one_line(tmp_path, capsys):
    assert cli.main(["sounds", "--out", str(tmp_path), "--only", "nope"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("monopoly-cpc: no sound named 'nope'") and err.count("\n") == 1
    assert cli.main(["sounds"]) == 1
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert cli.main(["sounds", "--out", str(blocker / "sub")]) == 1
    assert "cannot write the sounds" in capsys.readouterr().err


def test_list(capsys):
    assert cli.main(["sounds", "--list"]) == 0
    out = capsys.readouterr().out
    assert "title" in out and "event dice" in out
