pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Dialogs
import QtQuick.Layouts
import AppCenter.components

// Where applications come from: the catalog's origins (what the list was built from, and
// which source installs each), every source's repositories with a switch each, and every
// source's remotes with Remove, its Add button (a file describing a remote) and "Remove
// unused runtimes", plus Refresh with progress. Each source is a group headed in its own
// words (sources.remoteManagers, the rows' section); nothing here names a source. Every
// change asks first. Titles, ids, URLs and file names come from the system or from files:
// plain text.
Page {
    id: page

    required property var sources

    padding: 0
    Accessible.name: heading.text

    // The remote manager of group ``group`` (its words, its unused count), or an empty one.
    function managerOf(group: int): var {
        const managers = page.sources.remoteManagers
        return group >= 0 && group < managers.length ? managers[group] : ({})
    }
    function managerHeaded(section: string): var {
        return page.sources.remoteManagers.find(m => m.section === section) ?? ({})
    }

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
            Repeater {
                model: page.sources.remoteManagers
                delegate: Button {
                    id: addButton
                    required property var modelData
                    objectName: "addRemote"
                    visible: modelData.canAdd
                    text: modelData.addRemote
                    contentItem: PlainContent { control: addButton }
                    enabled: !page.sources.working
                    Accessible.name: modelData.addRemoteHint
                    onClicked: {
                        fileDialog.group = modelData.group
                        fileDialog.open()
                    }
                    FocusRing {}
                }
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
        property int group: 0
        title: page.managerOf(group).addRemoteTitle ?? ""
        nameFilters: [page.managerOf(group).remoteFiles ?? "*"]
        onAccepted: page.sources.offerRemoteFileIn(fileDialog.group, fileDialog.selectedFile.toString())
    }

    // A file describing a remote handed over (the file dialog, or --add-remote from a file manager) is
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
        title: page.sources.pendingRemoteQuestion
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
        property int group: 0
        objectName: "confirmRemoveRemote"
        parent: Overlay.overlay
        anchors.centerIn: parent
        modal: true
        width: Math.min(Theme.gridUnit * 30, (parent ? parent.width : Theme.gridUnit * 30) - Theme.gridUnit * 2)
        title: page.managerOf(removeDialog.group).removeQuestion ?? ""
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
        onAccepted: page.sources.removeRemoteIn(removeDialog.group, removeDialog.name, removeDialog.scope)
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
        property int group: 0
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
        onAccepted: page.sources.removeUnusedIn(unusedDialog.group)
        ColumnLayout {
            anchors.fill: parent
            Label {
                textFormat: Text.PlainText
                text: qsTr("%n runtime(s) that no installed application needs will be removed. They are downloaded again when an application needs them.", "", page.managerOf(unusedDialog.group).unused ?? 0)
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
        // One group per source, headed in its own words (the model's "section").
        section.property: "section"
        section.delegate: ColumnLayout {
            id: sectionHeader
            required property string section
            readonly property var manager: page.managerHeaded(section)
            width: ListView.view.width
            spacing: 0
            Label {
                textFormat: Text.PlainText
                text: sectionHeader.section
                font.bold: true
                font.pointSize: Theme.subheadingSize
                topPadding: Theme.largeSpacing
                bottomPadding: Theme.spacing
                leftPadding: Theme.largeSpacing
                Accessible.role: Accessible.Heading
                Layout.fillWidth: true
            }
            // Runtimes left behind by removed applications, under their source's remotes.
            RowLayout {
                visible: sectionHeader.manager.canRemoveUnused ?? false
                spacing: Theme.largeSpacing
                Layout.fillWidth: true
                Layout.leftMargin: Theme.largeSpacing
                Layout.rightMargin: Theme.largeSpacing
                Layout.bottomMargin: Theme.spacing
                Label {
                    textFormat: Text.PlainText
                    objectName: "unusedText"
                    readonly property int unused: sectionHeader.manager.unused ?? -1
                    text: unused < 0 ? qsTr("Looking for unused runtimes…")
                          : unused === 0 ? sectionHeader.manager.noUnused
                          : qsTr("%n %1 runtime(s) no installed application needs.", "", unused)
                                .arg(sectionHeader.manager.label)
                    color: Theme.mutedText
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                }
                Button {
                    objectName: "removeUnused"
                    visible: (sectionHeader.manager.unused ?? 0) > 0
                    text: qsTr("Remove unused runtimes")
                    enabled: !page.sources.working
                    Accessible.name: text
                    onClicked: {
                        unusedDialog.group = sectionHeader.manager.group
                        unusedDialog.open()
                    }
                    FocusRing {}
                }
            }
        }
        Keys.onSpacePressed: {
            const entry = list.currentItem as SourceEntry
            if (entry && entry.canToggle)
                page.sources.setEnabledIn(entry.group, entry.sourceId, !entry.repoEnabled)
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
            required property int group

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
                    onToggled: page.sources.setEnabledIn(entry.group, entry.sourceId, checked)
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
                        removeDialog.group = entry.group
                        removeDialog.open()
                    }
                    FocusRing {}
                }
            }
        }
        delegate: SourceEntry {}
    }
}
