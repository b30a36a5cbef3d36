pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import AppCenter.components

// Where applications come from: the catalog's origins (what the list was built from, and
// which source installs each), the package manager's repositories with a switch each, and
// the Flatpak remotes with Remove, "Add Flatpak source…" (a .flatpakrepo file) and "Remove
// unused runtimes", plus Refresh with progress. Every change asks first. Titles, ids, URLs
// and file names come from the system or from files: plain text.
Page {
    id: page

    required property var sources

    padding: 0
    Accessible.name: heading.text

    header: ColumnLayout {
        spacing: Theme.spacing
        RowLayout {
            spacing: Theme.largeSpacing
            Layout.fillWidth: true
            Layout.topMargin: Theme.largeSpacing
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
            Label {
                id: heading
                textFormat: Text.PlainText
                text: qsTr("Sources")
                font.pointSize: Theme.headingSize
                font.bold: true
                elide: Text.ElideRight
                Accessible.role: Accessible.Heading
                Layout.fillWidth: true
            }
            Button {
                objectName: "addRemote"
                visible: page.sources.managesRemotes
                text: qsTr("Add Flatpak source…")
                enabled: !page.sources.working
                Accessible.name: qsTr("Add a Flatpak source from a .flatpakrepo file")
                onClicked: fileDialog.open()
                FocusRing {}
            }
            Button {
                objectName: "refreshSources"
                text: page.sources.refreshing ? qsTr("Cancel") : qsTr("Refresh")
                enabled: page.sources.available
                Accessible.name: page.sources.refreshing ? qsTr("Cancel refreshing the sources")
                                                         : qsTr("Refresh the sources")
                ToolTip.visible: hovered && !enabled
                ToolTip.text: page.sources.unavailableReason
                onClicked: page.sources.refreshing ? page.sources.cancelRefresh() : page.sources.refresh()
                FocusRing {}
            }
        }
        ColumnLayout {
            visible: page.sources.refreshing
            Layout.fillWidth: true
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
            Label {
                textFormat: Text.PlainText
                text: page.sources.statusText
                Layout.fillWidth: true
            }
            ProgressBar {
                objectName: "refreshProgress"
                from: 0
                to: 100
                value: Math.max(0, page.sources.percent)
                indeterminate: page.sources.percent < 0
                Layout.fillWidth: true
                Accessible.name: page.sources.statusText
            }
        }
        ProgressPanel {
            objectName: "remoteProgress"
            visible: page.sources.working
            statusText: page.sources.statusText
            percent: page.sources.percent
            onCancelRequested: page.sources.cancelWork()
            Layout.fillWidth: true
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
        }
        ErrorBanner {
            objectName: "sourcesNotice"
            text: page.sources.noticeText
            visible: text !== ""
            tone: Theme.info
            toneText: Theme.infoText
            glyph: "ℹ"
            onDismissed: page.sources.clearNotice()
            Layout.fillWidth: true
        }
        ErrorBanner {
            objectName: "sourcesError"
            text: page.sources.errorText
            visible: text !== ""
            onDismissed: page.sources.clearError()
            Layout.fillWidth: true
        }
        // A source this machine cannot load, in one line: what to install for it.
        Repeater {
            model: page.sources.setupHints
            delegate: Label {
                required property var modelData
                objectName: "sourceSetupHint"
                text: qsTr("%1 sources are off: install %2, then start appcenter-qt again.")
                      .arg(modelData.label).arg(modelData.packages)
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                color: Theme.mutedText
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
            }
        }
        Label {
            textFormat: Text.PlainText
            visible: !page.sources.available || !page.sources.managesRepositories
            text: !page.sources.available ? page.sources.unavailableReason
                                          : qsTr("The package source does not list its repositories.")
            wrapMode: Text.Wrap
            color: Theme.mutedText
            Layout.fillWidth: true
            Layout.leftMargin: Theme.largeSpacing
            Layout.rightMargin: Theme.largeSpacing
        }
    }

    FileDialog {
        id: fileDialog
        title: qsTr("Add Flatpak Source")
        nameFilters: [qsTr("Flatpak repository files (*.flatpakrepo)")]
        onAccepted: page.sources.offerRemoteFile(fileDialog.selectedFile.toString())
    }

    // A .flatpakrepo handed over (the file dialog, or --add-remote from a file manager) is
    // added only after the user says yes here.
    function askPendingFile() {
        if (page.sources.pendingRemoteFile !== "" && !addDialog.opened)
            addDialog.open()
    }
    Component.onCompleted: page.askPendingFile()
    Connections {
        target: page.sources
        function onChanged() { page.askPendingFile() }
    }

    // The popups: confirmation before each change.
    PlainDialog {
        id: addDialog
        objectName: "confirmAddRemote"
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        width: Math.min(Theme.gridUnit * 30, (parent ? parent.width : Theme.gridUnit * 30) - Theme.gridUnit * 2)
        title: qsTr("Add Flatpak Source?")
        footer: DialogButtonBox {
            Button {
                objectName: "confirmAddButton"
                text: qsTr("Add")
                DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            }
            Button {
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            }
        }
        onAccepted: page.sources.addRemote(page.sources.pendingRemoteFile, systemWide.checked)
        onRejected: page.sources.dismissRemoteFile()
        ColumnLayout {
            anchors.fill: parent
            spacing: Theme.spacing
            Label {
                textFormat: Text.PlainText
                text: qsTr("Applications from the source this file describes can then be installed. Add only sources you trust.")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
            // What the file says: untrusted text, shown as plain text, each value cut short.
            Label {
                objectName: "pendingRemoteTitle"
                text: page.sources.pendingRemoteTitle !== "" ? page.sources.pendingRemoteTitle
                                                             : page.sources.pendingRemoteName
                textFormat: Text.PlainText
                font.bold: true
                font.pointSize: Theme.subheadingSize
                wrapMode: Text.WrapAnywhere
                maximumLineCount: 2
                elide: Text.ElideRight
                visible: text !== ""
                Layout.fillWidth: true
            }
            GridLayout {
                columns: 2
                columnSpacing: Theme.spacing
                rowSpacing: Math.round(Theme.spacing / 2)
                Layout.fillWidth: true
                Label {
                    textFormat: Text.PlainText
                    text: qsTr("Address")
                    color: Theme.mutedText
                    Layout.alignment: Qt.AlignTop
                }
                Label {
                    objectName: "pendingRemoteUrl"
                    text: page.sources.pendingRemoteUrl
                    textFormat: Text.PlainText
                    wrapMode: Text.WrapAnywhere
                    maximumLineCount: 3
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
                Label {
                    textFormat: Text.PlainText
                    text: qsTr("Website")
                    color: Theme.mutedText
                    visible: page.sources.pendingRemoteHomepage !== ""
                    Layout.alignment: Qt.AlignTop
                }
                Label {
                    objectName: "pendingRemoteHomepage"
                    text: page.sources.pendingRemoteHomepage
                    textFormat: Text.PlainText
                    wrapMode: Text.WrapAnywhere
                    maximumLineCount: 2
                    elide: Text.ElideRight
                    visible: text !== ""
                    Layout.fillWidth: true
                }
                Label {
                    textFormat: Text.PlainText
                    text: qsTr("Description")
                    color: Theme.mutedText
                    visible: page.sources.pendingRemoteComment !== ""
                    Layout.alignment: Qt.AlignTop
                }
                Label {
                    objectName: "pendingRemoteComment"
                    text: page.sources.pendingRemoteComment
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
                    maximumLineCount: 3
                    elide: Text.ElideRight
                    visible: text !== ""
                    Layout.fillWidth: true
                }
                Label {
                    textFormat: Text.PlainText
                    text: qsTr("File")
                    color: Theme.mutedText
                    Layout.alignment: Qt.AlignTop
                }
                Label {
                    objectName: "pendingRemoteFile"
                    text: page.sources.pendingRemoteFile
                    textFormat: Text.PlainText
                    wrapMode: Text.WrapAnywhere
                    maximumLineCount: 3
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
            }
            CheckBox {
                id: systemWide
                objectName: "systemWide"
                text: qsTr("For all users of this computer")
                Layout.fillWidth: true
            }
            Label {
                textFormat: Text.PlainText
                text: qsTr("Adding a source for all users asks for an administrator's password.")
                color: Theme.mutedText
                font.pointSize: Theme.smallSize
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
        }
    }

    PlainDialog {
        id: removeDialog
        property string name: ""
        property string remoteTitle: ""
        property string scope: ""
        property string apps: ""
        objectName: "confirmRemoveRemote"
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        width: Math.min(Theme.gridUnit * 30, (parent ? parent.width : Theme.gridUnit * 30) - Theme.gridUnit * 2)
        title: qsTr("Remove Flatpak Source?")
        footer: DialogButtonBox {
            Button {
                objectName: "confirmRemoveButton"
                text: qsTr("Remove")
                DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            }
            Button {
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            }
        }
        onAccepted: page.sources.removeRemote(removeDialog.name, removeDialog.scope)
        ColumnLayout {
            anchors.fill: parent
            spacing: Theme.spacing
            Label {
                text: removeDialog.remoteTitle
                textFormat: Text.PlainText
                font.bold: true
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
            Label {
                textFormat: Text.PlainText
                text: removeDialog.apps === ""
                      ? qsTr("No more applications can be installed or updated from it.")
                      : qsTr("These applications were installed from it and will be removed too:")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
            Label {
                visible: removeDialog.apps !== ""
                text: removeDialog.apps
                textFormat: Text.PlainText
                wrapMode: Text.Wrap
                maximumLineCount: 6
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
        }
    }

    PlainDialog {
        id: unusedDialog
        objectName: "confirmRemoveUnused"
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        width: Math.min(Theme.gridUnit * 30, (parent ? parent.width : Theme.gridUnit * 30) - Theme.gridUnit * 2)
        title: qsTr("Remove Unused Runtimes?")
        footer: DialogButtonBox {
            Button {
                objectName: "confirmUnusedButton"
                text: qsTr("Remove")
                DialogButtonBox.buttonRole: DialogButtonBox.AcceptRole
            }
            Button {
                text: qsTr("Cancel")
                DialogButtonBox.buttonRole: DialogButtonBox.RejectRole
            }
        }
        onAccepted: page.sources.removeUnused()
        ColumnLayout {
            anchors.fill: parent
            Label {
                textFormat: Text.PlainText
                text: qsTr("%n runtime(s) that no installed application needs will be removed. They are downloaded again when an application needs them.", "", page.sources.unusedCount)
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
        }
    }

    ListView {
        id: list
        objectName: "sourcesList"
        anchors.fill: parent
        anchors.topMargin: Theme.spacing
        clip: true
        activeFocusOnTab: true
        keyNavigationEnabled: true
        model: page.sources
        Accessible.name: qsTr("Sources")
        Accessible.role: Accessible.List
        ScrollBar.vertical: ScrollBar {}
        section.property: "kind"
        section.delegate: ColumnLayout {
            id: sectionHeader
            required property string section
            width: ListView.view.width
            spacing: 0
            Label {
                textFormat: Text.PlainText
                text: sectionHeader.section === "catalog" ? qsTr("Application catalog")
                      : sectionHeader.section === "remote" ? qsTr("Flatpak sources")
                      : qsTr("Package repositories")
                font.bold: true
                font.pointSize: Theme.subheadingSize
                topPadding: Theme.largeSpacing
                bottomPadding: Theme.spacing
                leftPadding: Theme.largeSpacing
                Accessible.role: Accessible.Heading
                Layout.fillWidth: true
            }
            // Runtimes left behind by removed applications, under the Flatpak sources.
            RowLayout {
                visible: sectionHeader.section === "remote" && page.sources.canRemoveUnused
                spacing: Theme.largeSpacing
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                Layout.bottomMargin: Theme.spacing
                Label {
                    textFormat: Text.PlainText
                    objectName: "unusedText"
                    text: page.sources.unusedCount < 0 ? qsTr("Looking for unused runtimes…")
                          : page.sources.unusedCount === 0 ? qsTr("No unused Flatpak runtimes.")
                          : qsTr("%n Flatpak runtime(s) no installed application needs.", "",
                                 page.sources.unusedCount)
                    color: Theme.mutedText
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                Button {
                    objectName: "removeUnused"
                    visible: page.sources.unusedCount > 0
                    text: qsTr("Remove unused runtimes")
                    enabled: !page.sources.working
                    Accessible.name: text
                    onClicked: unusedDialog.open()
                    FocusRing {}
                }
            }
        }
        Keys.onSpacePressed: {
            const entry = list.currentItem as SourceEntry
            if (entry && entry.canToggle)
                page.sources.setEnabled(entry.sourceId, !entry.repoEnabled)
        }

        component SourceEntry: ItemDelegate {
            id: entry
            required property int index
            required property string kind
            required property string sourceId
            required property string title
            required property string detail
            required property bool repoEnabled
            required property bool canToggle
            required property bool busy
            required property string scope
            required property string installedApps

            width: ListView.view.width
            focusPolicy: Qt.NoFocus
            highlighted: list.activeFocus && list.currentIndex === entry.index
            leftPadding: Theme.largeSpacing
            rightPadding: Theme.largeSpacing
            Accessible.name: entry.title
            Accessible.description: entry.detail
            contentItem: RowLayout {
                spacing: Theme.largeSpacing
                ColumnLayout {
                    spacing: 0
                    Layout.fillWidth: true
                    Label {
                        text: entry.title
                        textFormat: Text.PlainText
                        font.bold: true
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    Label {
                        text: entry.detail
                        textFormat: Text.PlainText
                        color: Theme.mutedText
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                }
                BusyIndicator {
                    visible: entry.busy
                    running: entry.busy
                    Layout.preferredWidth: Theme.gridUnit * 1.5
                    Layout.preferredHeight: Theme.gridUnit * 1.5
                    Accessible.name: qsTr("Changing %1").arg(entry.title)
                }
                Switch {
                    objectName: "repoSwitch"
                    visible: entry.kind === "repository"
                    checked: entry.repoEnabled
                    enabled: entry.canToggle
                    Accessible.name: entry.repoEnabled ? qsTr("Disable %1").arg(entry.title)
                                                   : qsTr("Enable %1").arg(entry.title)
                    onToggled: page.sources.setEnabled(entry.sourceId, checked)
                    FocusRing {}
                }
                Button {
                    objectName: "removeRemote"
                    visible: entry.kind === "remote"
                    text: qsTr("Remove")
                    enabled: !page.sources.working
                    Accessible.name: qsTr("Remove %1").arg(entry.title)
                    onClicked: {
                        removeDialog.name = entry.sourceId
                        removeDialog.remoteTitle = entry.title
                        removeDialog.scope = entry.scope
                        removeDialog.apps = entry.installedApps
                        removeDialog.open()
                    }
                    FocusRing {}
                }
            }
        }
        delegate: SourceEntry {}
    }
}
