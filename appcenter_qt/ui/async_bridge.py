"""Running work off the GUI thread and getting the answers back onto it.

Two kinds of background work feed the models:

* **catalog queries** (SQLite through :class:`~appcenter_qt.catalog.queries.Catalog`) run on
  one :class:`SerialWorker` thread, in order. One thread, because the catalog object keeps a
  small ordering cache and shares one read-only connection; in order, because a newer search
  must never be overtaken by an older one;
* **backend transactions** (PackageKit over D-Bus, which is asyncio code) run on an asyncio
  loop hosted by :class:`AsyncLoopThread`.

Why a loop in a thread rather than a Qt-driven asyncio loop (qasync, ``QtAsyncio``): the Qt
event loop stays the one and only main loop, so QML animation and input never wait for Python
coroutines; dbus-next needs ``loop.add_reader``, which ``QtAsyncio`` does not implement (and
PySide6-Essentials does not ship it); and a stock ``asyncio`` loop behaves exactly as in the
backend's own tests. Results come back through :class:`GuiDispatcher`, a QObject living in
the GUI thread that they are posted to as events, so every model change happens on the GUI
thread as Qt requires.
"""

from __future__ import annotations

import concurrent.futures
import logging
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject

log = logging.getLogger(__name__)


class _Call(QEvent):
    """One callable, delivered to a :class:`GuiDispatcher` as a posted event."""

    KIND = QEvent.Type(QEvent.registerEventType())

    def __init__(self, function: Callable[[], Any]) -> None:
        super().__init__(self.KIND)
        self.function = function


class GuiDispatcher(QObject):
    """Calls a callable on the thread this object lives in (create it on the GUI thread).

    Each call is an event posted to this object (``QCoreApplication.postEvent`` is safe from
    any thread and keeps the order of posting), which is what a queued signal is underneath.
    Not a queued signal itself: asking for the queued kind means importing ``Qt``, whose 93
    Python enums take 15 ms of the window's start (issue 31)."""

    def post(self, function: Callable[[], Any]) -> None:
        """Queue ``function()`` for the GUI thread; safe from any thread, and a no-op once the
        window (and with it this object) is gone: a background task finishing during
        shutdown has nobody left to tell."""
        try:
            QCoreApplication.postEvent(self, _Call(function))
        except RuntimeError:  # "Internal C++ object (GuiDispatcher) already deleted"
            log.debug("dropped a result posted after shutdown")

    def customEvent(self, event: QEvent) -> None:
        if not isinstance(event, _Call):
            return
        try:
            event.function()
        except Exception:
            log.exception("error in a GUI-thread callback")


class _Holds:
    """``hold`` and ``holding``, shared by :class:`SerialWorker` and :class:`AsyncLoopThread`:
    what is submitted while held waits for the class's own ``release``."""

    _lock: threading.Lock
    _held: list[Any] | None

    @property
    def holding(self) -> bool:
        return self._held is not None

    def hold(self) -> None:
        """Keep what is submitted from now on until ``release``."""
        with self._lock:
            if self._held is None:
                self._held = []

    def _take_held(self) -> list[Any]:
        """What was held, in order; nothing is held any more."""
        with self._lock:
            held, self._held = self._held, None
        return held or []


class SerialWorker(_Holds):
    """One background thread that runs submitted functions in order.

    ``submit(fn, on_done)`` runs ``fn()`` on the worker and then ``on_done(result, error)`` on
    the GUI thread (through ``dispatcher``); exactly one of ``result``/``error`` is meaningful.

    :meth:`hold` keeps what is submitted from then on back until :meth:`release` (still in
    order), except a task submitted ``ahead``: the window holds the other pages' queries
    while the first cards are drawn, since a query's Python work shares the interpreter with
    the GUI thread building them (bench/ui_bench.py, cards shown).
    """

    def __init__(self, dispatcher: GuiDispatcher, name: str = "catalog") -> None:
        self._dispatcher = dispatcher
        self._pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix=f"appcenter-{name}"
        )
        self._lock = threading.Lock()
        #: tasks kept back while held: (function, on_done, the future handed out)
        self._held: list[tuple[Callable[[], Any], Any, concurrent.futures.Future[Any]]] | None
        self._held = None

    @property
    def dispatcher(self) -> GuiDispatcher:
        """Where ``on_done`` runs (another worker may share it)."""
        return self._dispatcher

    def submit(
        self,
        function: Callable[[], Any],
        on_done: Callable[[Any, BaseException | None], None] | None = None,
        *,
        ahead: bool = False,
    ) -> concurrent.futures.Future[Any]:
        with self._lock:
            if self._held is not None and not ahead:
                placeholder: concurrent.futures.Future[Any] = concurrent.futures.Future()
                self._held.append((function, on_done, placeholder))
                return placeholder
            return self._run(function, on_done)

    def _run(
        self,
        function: Callable[[], Any],
        on_done: Callable[[Any, BaseException | None], None] | None,
    ) -> concurrent.futures.Future[Any]:
        future = self._pool.submit(function)
        if on_done is not None:

            def deliver(done: concurrent.futures.Future[Any]) -> None:
                if done.cancelled():  # dropped at shutdown: nobody is left to tell
                    return
                error = done.exception()
                result = None if error is not None else done.result()
                self._dispatcher.post(lambda: on_done(result, error))

            future.add_done_callback(deliver)
        return future

    def release(self) -> None:
        """Run the tasks held back, in the order they were submitted."""
        with self._lock:
            held, self._held = self._held, None
            for function, on_done, placeholder in held or ():
                _chain(self._run(function, on_done), placeholder)

    def shutdown(self) -> None:
        for _function, _on_done, placeholder in self._take_held():
            placeholder.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)


def _chain(source: concurrent.futures.Future[Any], target: concurrent.futures.Future[Any]) -> None:
    """Complete ``target`` as ``source`` completes (a held task's future, once it runs)."""

    def copy(done: concurrent.futures.Future[Any]) -> None:
        if target.cancelled():  # nobody waits for it any more
            return
        if done.cancelled():
            target.cancel()
        elif done.exception() is not None:
            target.set_exception(done.exception())
        else:
            target.set_result(done.result())

    source.add_done_callback(copy)


class AsyncLoopThread(_Holds):
    """A stock asyncio event loop running in a daemon thread, for backend coroutines. The
    thread starts with the first coroutine (or the first use of :attr:`loop`).

    :meth:`hold` keeps the coroutines submitted from then on back until :meth:`release`, as
    :class:`SerialWorker` does: a window's sources ask their daemons (the installed state,
    the updates) once its first cards are drawn, since asyncio's and the D-Bus library's
    imports and the replies' handling share the interpreter with the GUI thread building
    them.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._asyncio: Any = None
        self._loop: Any = None
        self._thread: threading.Thread | None = None
        #: coroutines kept back while held, with the futures handed out for them
        self._held: list[tuple[Coroutine[Any, Any, Any], concurrent.futures.Future[Any]]] | None
        self._held = None

    @property
    def loop(self) -> Any:
        """The running ``asyncio`` loop (started now if it was not yet)."""
        with self._lock:
            if self._loop is None:
                self._start()
            return self._loop

    def started(self) -> bool:
        return self._loop is not None

    def _start(self) -> None:
        import asyncio  # only once a coroutine runs: kept off the first frame and cards

        self._asyncio = asyncio
        loop = asyncio.new_event_loop()
        started = threading.Event()
        self._thread = threading.Thread(
            target=self._main, args=(loop, started), name="appcenter-asyncio", daemon=True
        )
        self._thread.start()
        started.wait()
        self._loop = loop

    def _main(self, loop: Any, started: threading.Event) -> None:
        self._asyncio.set_event_loop(loop)
        loop.call_soon(started.set)
        try:
            loop.run_forever()
        finally:
            self._finish(loop)

    def _finish(self, loop: Any, rounds: int = 2, timeout: float = 1.0) -> None:
        """End the stopped loop as ``asyncio.run`` ends its own: cancel the tasks still
        pending and wait for them, then close it.

        :meth:`cancel_all` ends the tasks that exist when it runs, but a cancelled task's
        clean-up may start another (a transaction's ``finally`` asking the bus again opens
        a connection, and with it the connection's watcher). Left pending on a loop that no
        longer runs, such a task is destroyed with the loop: "Task was destroyed but it is
        pending!" at the interpreter's exit. A few rounds, each bounded, so that a task
        which keeps starting others cannot hold the window's exit."""
        asyncio = self._asyncio

        def cancel_pending() -> None:
            for _ in range(rounds):
                pending = asyncio.all_tasks(loop)
                if not pending:
                    return
                for task in pending:
                    task.cancel()
                loop.run_until_complete(asyncio.wait(pending, timeout=timeout))

        try:
            cancel_pending()
            try:
                loop.run_until_complete(asyncio.wait_for(loop.shutdown_asyncgens(), timeout))
            except TimeoutError:
                log.warning("the backend's generators did not close within %.0f s", timeout)
            cancel_pending()  # what the generators' clean-up started
        except Exception:  # a broken clean-up must not keep the loop open
            log.exception("the backend loop did not end cleanly")
        finally:
            left = [task for task in asyncio.all_tasks(loop) if not task.done()]
            if left:
                log.warning("%d backend tasks were still running at exit", len(left))
            loop.close()

    def submit(self, coroutine: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        """Schedule ``coroutine`` on the loop (later, while held); safe from any thread."""
        with self._lock:
            if self._held is not None:
                placeholder: concurrent.futures.Future[Any] = concurrent.futures.Future()
                self._held.append((coroutine, placeholder))
                return placeholder
        loop = self.loop
        if not loop.is_closed():
            try:
                return self._asyncio.run_coroutine_threadsafe(coroutine, loop)
            except RuntimeError:  # "Event loop is closed": stopped meanwhile
                pass
        # After stop: dropped, as the held ones are (and never "coroutine … not awaited").
        coroutine.close()
        dropped: concurrent.futures.Future[Any] = concurrent.futures.Future()
        dropped.cancel()
        return dropped

    def release(self) -> None:
        """Run the coroutines held back, in the order they were submitted (one whose future
        was cancelled meanwhile is dropped)."""
        for coroutine, placeholder in self._take_held():
            if placeholder.cancelled():
                coroutine.close()
                continue
            _chain(self.submit(coroutine), placeholder)

    def _drop_held(self) -> None:
        for coroutine, placeholder in self._take_held():
            coroutine.close()
            placeholder.cancel()

    def cancel_all(self, timeout: float = 5.0) -> None:
        """Cancel every task on the loop and wait (up to ``timeout``) until they have ended;
        the held ones never run."""
        self._drop_held()
        if self._loop is None or not self._loop.is_running():
            return

        asyncio = self._asyncio

        async def _cancel_all() -> None:
            current = asyncio.current_task()
            tasks = [t for t in asyncio.all_tasks() if t is not current]
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)

        try:
            self.submit(_cancel_all()).result(timeout=timeout)
        except (concurrent.futures.TimeoutError, RuntimeError):
            log.warning("backend tasks did not stop within %.0f s", timeout)

    def stop(self) -> None:
        self.cancel_all()  # the held ones too
        loop = self._loop
        if loop is None or not loop.is_running():
            return
        loop.call_soon_threadsafe(loop.stop)
        assert self._thread is not None
        self._thread.join(timeout=5)
