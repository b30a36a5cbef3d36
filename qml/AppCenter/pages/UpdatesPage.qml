pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// Updates as applications: one row per application (security first), one System
// infrastructure row for every other package, "Update all" and "Update selected", progress
// with cancel, the restart hint. The rows and every rule behind them are UpdatesModel's.
// Offline updates (updates.offline): system packages downloaded for the next restart, the
// button that sets them to install then (or Cancel), the last restart's result once, and the
// setting that chooses offline (the default) or live.
Page {
    id: page

    required property var updates

    readonly property bool updating: page.updates.state === "updating"
    readonly property var offline: page.updates.offline

    padding: 0
    Accessible.name: qsTr("Updates")

    // Simulating what each update pulls in costs the package manager work: only once the
    // page is looked at.
    onVisibleChanged: if (visible) page.updates.checkRequirements()
    Component.onCompleted: if (visible) page.updates.checkRequirements()

    ColumnLayout {
        anchors.fill: parent
        spacing: 0

        // -- header: what is waiting and the two ways to install it ---------------------
        Pane {
            Layout.fillWidth: true
            padding: Theme.largeSpacing
            ColumnLayout {
                anchors.fill: parent
                spacing: Theme.spacing
                // Narrow: the title on its own line, the buttons below it.
                GridLayout {
                    columns: page.width < 700 ? 3 : 4
                    columnSpacing: Theme.largeSpacing
                    rowSpacing: Theme.spacing
                    Layout.fillWidth: true
                    ColumnLayout {
                        spacing: 2
                        Layout.fillWidth: true
                        Layout.columnSpan: page.width < 700 ? 3 : 1
                        Label {
                            textFormat: Text.PlainText
                            text: qsTr("Updates")
                            font.pointSize: Theme.headingSize
                            Accessible.role: Accessible.Heading
                            font.bold: true
                        }
                        Label {
                            textFormat: Text.PlainText
                            objectName: "updatesSummary"
                            visible: page.updates.count > 0
                            text: (page.updates.securityCount > 0
                                   ? qsTr("%n update(s), including security fixes", "", page.updates.count)
                                   : qsTr("%n update(s)", "", page.updates.count))
                                  + (page.updates.sizeText !== "" ? " · " + page.updates.sizeText : "")
                            color: Theme.mutedText
                        }
                    }
                    Button {
                        objectName: "refreshButton"
                        text: qsTr("Check again")
                        icon.name: "view-refresh"
                        visible: page.updates.available
                        enabled: !page.updates.busy
                        onClicked: page.updates.refresh()
                    }
                    Button {
                        objectName: "updateSelectedButton"
                        text: qsTr("Update selected")
                        visible: page.updates.count > 0
                        enabled: page.updates.state === "ready" && page.updates.selectedPackages > 0
                        onClicked: page.updates.updateSelected()
                    }
                    Button {
                        objectName: "updateAllButton"
                        text: qsTr("Update all")
                        highlighted: true
                        visible: page.updates.count > 0
                        enabled: page.updates.state === "ready"
                        onClicked: page.updates.updateAll()
                    }
                }

                // Overall progress of the running update, cancellable.
                RowLayout {
                    objectName: "updateProgress"
                    visible: page.updating
                    spacing: 12
                    Layout.fillWidth: true
                    ColumnLayout {
                        Layout.fillWidth: true
                        spacing: 2
                        Label {
                            text: page.updates.statusText
                            textFormat: Text.PlainText
                        }
                        ProgressBar {
                            from: 0
                            to: 100
                            value: Math.max(0, page.updates.percent)
                            indeterminate: page.updates.percent < 0
                            Layout.fillWidth: true
                        }
                    }
                    Button {
                        objectName: "cancelUpdateButton"
                        text: qsTr("Cancel")
                        onClicked: page.updates.cancel()
                    }
                }

                Label {
                    textFormat: Text.PlainText
                    visible: !page.updating && page.updates.count > 0
                    text: qsTr("%n package(s) selected", "", page.updates.selectedPackages)
                          + (page.updates.simulating ? " · " + qsTr("checking what the updates need…") : "")
                    color: Theme.mutedText
                    font.pointSize: Theme.smallSize
                }

                // What the update policy did by itself (auto-update-apps), shown until the next run.
                Label {
                    objectName: "automaticUpdatesLine"
                    textFormat: Text.PlainText
                    visible: page.updates.automatic.text !== ""
                    text: page.updates.automatic.text
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                    color: page.updates.automatic.failed ? Theme.negativeText : Theme.mutedText
                    font.pointSize: Theme.smallSize
                    ToolTip.visible: hovered && page.updates.automatic.names !== ""
                    ToolTip.text: page.updates.automatic.names
                    HoverHandler { id: automaticHover }
                    readonly property bool hovered: automaticHover.hovered
                }

                // The setting: system packages offline (the default) or live. Flatpak
                // applications always update at once.
                CheckBox {
                    objectName: "offlineModeCheck"
                    visible: page.offline.available
                    enabled: !page.updating && !page.offline.modeLocked
                    text: qsTr("Install system updates while the computer restarts")
                    checked: page.offline.offline
                    onToggled: page.offline.offline = checked
                    FocusRing {}
                }
                // Greyed out without a word would read as broken: say who decides.
                Label {
                    objectName: "offlineModeLockedHint"
                    visible: page.offline.available && page.offline.modeLocked
                    text: qsTr("Set by your administrator")
                    textFormat: Text.PlainText
                    color: Theme.mutedText
                    Layout.leftMargin: Theme.spacing * 4
                }
            }
        }

        // -- offline updates: how the last restart went (shown once) ---------------------
        Rectangle {
            objectName: "offlineResult"
            Layout.fillWidth: true
            visible: page.offline.hasResult
            implicitHeight: resultRow.implicitHeight + Theme.spacing * 2
            color: page.offline.resultSuccess ? Theme.info : Theme.negative
            Accessible.role: Accessible.AlertMessage
            Accessible.name: page.offline.resultText
            RowLayout {
                id: resultRow
                anchors.fill: parent
                anchors.margins: Theme.spacing
                anchors.leftMargin: Theme.largeSpacing
                spacing: Theme.spacing
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: 2
                    Label {
                        objectName: "offlineResultText"
                        text: (page.offline.resultSuccess ? "✓  " : "⚠  ") + page.offline.resultText
                        textFormat: Text.PlainText
                        color: page.offline.resultSuccess ? Theme.infoText : Theme.negativeText
                        font.bold: true
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        objectName: "offlineResultDetails"
                        visible: text !== ""
                        text: page.offline.resultDetails
                        textFormat: Text.PlainText
                        color: page.offline.resultSuccess ? Theme.infoText : Theme.negativeText
                        wrapMode: Text.Wrap
                        maximumLineCount: 4
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                }
                Button {
                    objectName: "offlineResultDismiss"
                    text: qsTr("Dismiss")
                    onClicked: page.offline.dismissResult()
                    FocusRing {}
                }
            }
        }

        // -- offline updates: downloaded, waiting for the restart ------------------------
        Rectangle {
            objectName: "offlinePrepared"
            Layout.fillWidth: true
            visible: page.offline.prepared > 0 && !page.updating
            implicitHeight: preparedRow.implicitHeight + Theme.spacing * 2
            color: Theme.info
            RowLayout {
                id: preparedRow
                anchors.fill: parent
                anchors.margins: Theme.spacing
                anchors.leftMargin: Theme.largeSpacing
                spacing: Theme.spacing
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: 2
                    Label {
                        objectName: "offlinePreparedText"
                        text: !page.offline.triggered
                              ? qsTr("%n system update(s) downloaded and ready to install.", "", page.offline.prepared)
                              : page.offline.action === "power-off"
                              ? qsTr("The updates will be installed the next time the computer restarts; then it powers off.")
                              : qsTr("The updates will be installed the next time the computer restarts.")
                        textFormat: Text.PlainText
                        color: Theme.infoText
                        font.bold: true
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        objectName: "offlinePreparedNames"
                        text: page.offline.preparedNames
                        textFormat: Text.PlainText
                        color: Theme.infoText
                        wrapMode: Text.Wrap
                        maximumLineCount: 2
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                }
                Button {
                    objectName: "offlineRestartButton"
                    visible: !page.offline.triggered
                    enabled: !page.offline.busy
                    highlighted: true
                    text: qsTr("Restart and update")
                    onClicked: page.offline.restart("reboot")
                    FocusRing {}
                }
                Button {
                    objectName: "offlinePowerOffButton"
                    visible: !page.offline.triggered
                    enabled: !page.offline.busy
                    text: qsTr("Power off and update")
                    onClicked: page.offline.restart("power-off")
                    FocusRing {}
                }
                Button {
                    objectName: "offlineCancelButton"
                    visible: page.offline.triggered
                    enabled: !page.offline.busy
                    text: qsTr("Cancel")
                    Accessible.name: qsTr("Do not install the updates at the next restart")
                    onClicked: page.offline.cancel()
                    FocusRing {}
                }
            }
        }

        ErrorBanner {
            objectName: "offlineError"
            Layout.fillWidth: true
            text: page.offline.errorText
            visible: text !== ""
            onDismissed: page.offline.clearError()
        }

        ErrorBanner {
            objectName: "updatesError"
            Layout.fillWidth: true
            text: page.updates.errorText
            visible: text !== ""
            onDismissed: page.updates.clearError()
        }

        // The restart PackageKit asked for: a hint, not an error.
        Rectangle {
            objectName: "restartHint"
            Layout.fillWidth: true
            visible: page.updates.restartText !== ""
            implicitHeight: restartLabel.implicitHeight + 16
            color: Theme.info
            Label {
                id: restartLabel
                anchors.fill: parent
                anchors.margins: Theme.spacing
                text: "↻  " + page.updates.restartText
                textFormat: Text.PlainText
                color: Theme.infoText
                wrapMode: Text.Wrap
            }
        }

        Label {
            objectName: "updatesResult"
            visible: text !== "" && !page.updating
            text: page.updates.resultText
            textFormat: Text.PlainText
            Layout.margins: 12
        }

        ListView {
            id: list
            objectName: "updatesList"
            Layout.fillWidth: true
            Layout.fillHeight: true
            visible: page.updates.count > 0
            clip: true
            model: page.updates
            boundsBehavior: Flickable.StopAtBounds
            // Keyboard: Tab into the list, arrows move, Space ticks, Return opens a group.
            keyNavigationEnabled: true
            activeFocusOnTab: true
            Accessible.role: Accessible.List
            Accessible.name: qsTr("Available updates")
            // A new list of updates (a model reset) leaves no current row: start at the top.
            onActiveFocusChanged: if (activeFocus && currentIndex < 0 && count > 0) currentIndex = 0
            Keys.onSpacePressed: {
                const row = list.currentItem as UpdateRow
                if (row)
                    page.updates.toggle(row.updateId)
            }
            Keys.onReturnPressed: {
                const row = list.currentItem as UpdateRow
                if (row && row.isGroup)
                    page.updates.toggleExpanded(row.updateId)
            }
            ScrollBar.vertical: ScrollBar {}
            delegate: UpdateRow {
                width: ListView.view.width
                current: ListView.isCurrentItem && ListView.view.activeFocus
                updating: page.updating
                onTickRequested: updateId => page.updates.toggle(updateId)
                onExpandRequested: updateId => page.updates.toggleExpanded(updateId)
            }
        }

        // -- the states without rows ----------------------------------------------------
        ColumnLayout {
            objectName: "updatesEmpty"
            visible: page.updates.count === 0
            Layout.fillWidth: true
            Layout.fillHeight: true
            Layout.margins: 24
            spacing: 12
            BusyIndicator {
                visible: page.updates.state === "checking"
                running: visible
                Layout.alignment: Qt.AlignHCenter
            }
            Label {
                textFormat: Text.PlainText
                objectName: "updatesEmptyText"
                text: !page.updates.available
                      ? qsTr("Updates need a package manager, and none is available.")
                      : page.updates.state === "checking" ? qsTr("Looking for updates…")
                      : page.updates.state === "failed" ? qsTr("Could not look for updates.")
                      : page.updates.state === "ready" ? qsTr("Your system is up to date.")
                      : qsTr("Waiting for the catalog…")
                wrapMode: Text.Wrap
                horizontalAlignment: Text.AlignHCenter
                font.pointSize: Theme.subheadingSize
                Layout.fillWidth: true
            }
            Item { Layout.fillHeight: true }
        }
    }
}
