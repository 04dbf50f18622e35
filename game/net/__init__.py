"""LAN play (issue #15; contract: docs/lan.md): one host runs the authoritative table, clients take its remote
seats over TCP, JSON lines both ways. Nothing here is imported by the rest of the game until LAN play is used.

Host a table (server.py; every call but the constructor is safe from any thread). The game's own screens seat the
hosting player as a client over loopback (game/ui/scenes/lan_common.py, remote_table.py); a "local" QueueSeat, below,
serves a program that embeds the host in-process:

    from game.net.server import NetHost, QueueSeat
    me = QueueSeat(0)                                   # the host's own player: a thread-safe queue of
    net = NetHost("nanning", ["local", "remote", "remote", "ai:normal"],   #   ("event", seq, e) / ("prompt", p) /
                  options={}, seed=1, rounds=4,         #   ("withdraw", p) / ("refused", err)
                  local_links={0: me}, on_message=notify, think=0.8, between_rounds=3.0, save=path)
    port = net.start()                                  # binds, announces (zeroconf), serves in a thread
    net.status()                                        # lobby: phase, names, connected, round, totals, result
    net.submit(0, prompt.id, action)                    # the local player's answer
    net.call(lambda host: host.set_autoplay(0, True))   # anything else on the table, in its thread
    net.go_on()                                         # start without the players still missing (AI plays)
    net.answer_rejoin(seat, allow)                      # the host's answer to a rejoin by name, asked by
                                                        #   approve_rejoin(seat, name) -> True/False/None (None:
                                                        #   later; status()["requests"] lists who waits)
    net.stop()

    NetHost.resume(path, ...)                           # a killed host's table, from its autosave

Join one (client.py):

    client = NetClient(address, port, "Lin")            # entropy and fairness checks are automatic
    client.start()                                      # connects (JoinError), reads in a thread, reconnects
    for msg in client.poll(): ...                       # welcome, table, sync, engine events, prompt, withdraw,
    client.shown(prompt["id"]); client.intent(prompt["id"], action)   # (the countdown runs from shown)
                                                        #   refused, error, commit, reveal, seated, finished
    client.set_autoplay(True); client.close()
    client.verified_rounds, client.failed               # commit–reveal results

Find tables (discovery.py): `browse(timeout)` or `Browser().start()` / `.tables()` / `.close()`.
The headless commands: `python -m game.net host|join|browse` (__main__.py).
"""
